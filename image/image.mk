# image/image.mk - the bootable USB stick (issue 3), included by the top Makefile.
#
# `make image` -> build/swapplace.img (then prints its sizes), `make initramfs` ->
# build/initramfs.img (`make initramfs-686` -> build/initramfs-686.img, `make i686` ->
# build/i686/swapplace: the 32-bit half of the stick), `make check-image` boots the image in
# QEMU (tests/vm). Nothing here needs root: Debian packages are fetched with apt-get download and unpacked with dpkg-deb
# into build/pkgs (a cache), and the image is assembled from files (image/build-image.sh).
# Use INITRAMFS=FILE to put another initramfs on the stick (a test one, say).

# Keep the including Makefile's default goal (`make` alone builds the tool, not the stick):
# this file may be included before the first rule.
sp_image_saved_goal := $(.DEFAULT_GOAL)

SP_IMG_B      := build
SP_PKGS       := $(SP_IMG_B)/pkgs
SP_IMAGE      := $(SP_IMG_B)/swapplace.img
SP_INITRAMFS  := $(SP_IMG_B)/initramfs.img
INITRAMFS     ?= $(SP_INITRAMFS)
IMAGE_SIZE_MIB ?= 64
export IMAGE_SIZE_MIB
# The 32-bit half of the stick (image/README.md, "32-bit PCs"): Debian's 686 kernel (non-PAE),
# the i386 busybox, and the i386 mkfs.ext4, debugfs and blkid for its initramfs (their libraries
# are the host's multiarch i386 ones, tests/install-deps.sh); unpacked into root/NAME.i386.
SP_686_DEBS   := linux-image:i386 busybox-static:i386 e2fsprogs:i386 util-linux:i386
SP_INITRAMFS_686 := $(SP_IMG_B)/initramfs-686.img
# "linux-image" is resolved by fetch-debs.sh to today's kernel package (its name changes with
# every kernel ABI bump). grub-pc-bin is fetched even though the host has it: the BIOS
# modules then come from the same pinned source as everything else on the stick.
SP_IMAGE_DEBS := linux-image busybox-static grub-pc-bin grub-efi-amd64-signed shim-signed \
                 shim-helpers-amd64-signed $(SP_686_DEBS)

# The package set as a file whose time changes only when a package does, so the image and
# the initramfs are rebuilt after a security update and not otherwise. fetch-debs.sh runs
# every time (cheap when cached) because only apt knows whether there is something new.
$(SP_PKGS)/versions: FORCE
	@mkdir -p $(SP_PKGS)
	@echo "  FETCH   $(SP_IMAGE_DEBS)"
	@image/fetch-debs.sh $(SP_PKGS) $(SP_IMAGE_DEBS) >/dev/null
	@cat $(foreach p,$(SP_IMAGE_DEBS),$(SP_PKGS)/root/$(subst :,.,$(p))/.unpacked) >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(SP_INITRAMFS): $(SP_PKGS)/versions $(SP_IMG_B)/swapplace \
		$(filter-out %/README.md,$(wildcard initramfs/* initramfs/lib/*))
	@test -x initramfs/build.sh || { echo "initramfs/build.sh is missing" >&2; exit 1; }
	@echo "  MKINIT  $@"
	$(Q)initramfs/build.sh $@ $(SP_PKGS)/root/linux-image $(SP_PKGS)/root/busybox-static \
		$(SP_IMG_B)/swapplace

# The same tool for i686 (`make i686`): the same sources, built with gcc -m32 against Debian's
# i386 libraries (multiarch: their .pc files in /usr/lib/i386-linux-gnu/pkgconfig), objects in
# build/i686/obj. Large files (disks are larger than 2 GiB) and a 64-bit time_t, as the
# amd64 build has them; -march=i686 is Debian's i386 baseline (Pentium Pro and later, no SSE).
# -Wno-psabi: gcc notes that _Atomic 64-bit fields are aligned as GCC 11 does; nothing here
# shares such a struct with code built by an older compiler.
SP_I686_B       := $(SP_IMG_B)/i686
SP_I686_PC      := PKG_CONFIG_LIBDIR=/usr/lib/i386-linux-gnu/pkgconfig:/usr/share/pkgconfig pkg-config
SP_I686_CC      ?= $(CC) -m32 -march=i686
SP_I686_CFLAGS  := -O2 -g -std=c11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -D_TIME_BITS=64 \
                   $(SP_WARN) -Wno-psabi -Iinclude -DSP_VERSION='"$(SP_VERSION_STR)"'
SP_I686_OBJS    := $(patsubst src/%.c,$(SP_I686_B)/obj/%.o,$(SRCS))

$(SP_I686_B)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC686   $<")
	$(Q)$(SP_I686_CC) $(SP_I686_CFLAGS) $(SP_DEPFLAGS) $$($(SP_I686_PC) --cflags $(PKGS)) -c -o $@ $<

$(addprefix $(SP_I686_B)/obj/,$(SP_VERSIONED)): $(B)/version.stamp

$(SP_I686_B)/swapplace: $(SP_I686_OBJS)
	@$(SP_I686_PC) --exists $(PKGS) || { echo "the i386 -dev packages are missing (make deps)" >&2; exit 1; }
	@$(if $(Q),echo "  LD686   $@")
	$(Q)$(SP_I686_CC) $(SP_I686_CFLAGS) -o $@ $^ $$($(SP_I686_PC) --libs $(PKGS)) -lpthread -lm

i686: $(SP_I686_B)/swapplace

# The i686 initramfs: the same build.sh on the 686 kernel, the i386 busybox and the i686
# tool; the i386 roots are searched before the host for the files of files.list.
$(SP_INITRAMFS_686): $(SP_PKGS)/versions $(SP_I686_B)/swapplace \
		$(filter-out %/README.md,$(wildcard initramfs/* initramfs/lib/*))
	@echo "  MKINIT  $@"
	$(Q)INITRAMFS_FILES_ROOT="$(SP_PKGS)/root/e2fsprogs.i386:$(SP_PKGS)/root/util-linux.i386" \
		initramfs/build.sh $@ $(SP_PKGS)/root/linux-image.i386 \
		$(SP_PKGS)/root/busybox-static.i386 $(SP_I686_B)/swapplace

initramfs-686: $(SP_INITRAMFS_686)

# What the image was built from beyond files: switching INITRAMFS= back and forth must
# rebuild it even when the other initramfs is older than the image.
$(SP_IMG_B)/image.vars: FORCE
	@mkdir -p $(SP_IMG_B)
	@echo "INITRAMFS=$(INITRAMFS) IMAGE_SIZE_MIB=$(IMAGE_SIZE_MIB) VERSION=$(SP_VERSION_STR)" >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(SP_IMAGE): $(INITRAMFS) $(SP_INITRAMFS_686) $(SP_PKGS)/versions $(SP_IMG_B)/image.vars \
		image/build-image.sh image/grub.cfg image/swapplace.conf
	@echo "  IMAGE   $@"
	$(Q)SWAPPLACE_BUILD_ID='$(SP_VERSION_STR)' image/build-image.sh $@ $(SP_PKGS)/root $(INITRAMFS) $(SP_IMG_B)/image-work \
		$(SP_INITRAMFS_686)

initramfs: $(SP_INITRAMFS)

image: $(SP_IMAGE)
	@cat $(SP_IMAGE).sizes

# Boots the image under QEMU (SeaBIOS, OVMF, OVMF with Secure Boot); see tests/vm.
check-image: image
	./tests/run.sh vm

FORCE:

.PHONY: image initramfs initramfs-686 i686 check-image FORCE

.DEFAULT_GOAL := $(sp_image_saved_goal)
