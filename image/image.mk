# image/image.mk - the bootable USB stick (issue 3), included by the top Makefile.
#
# `make image` -> build/swapplace.img (then prints its sizes), `make initramfs` ->
# build/initramfs.img, `make check-image` boots the image in QEMU (tests/vm). Nothing here
# needs root: Debian packages are fetched with apt-get download and unpacked with dpkg-deb
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
# "linux-image" is resolved by fetch-debs.sh to today's kernel package (its name changes with
# every kernel ABI bump). grub-pc-bin is fetched even though the host has it: the BIOS
# modules then come from the same pinned source as everything else on the stick.
SP_IMAGE_DEBS := linux-image busybox-static grub-pc-bin grub-efi-amd64-signed shim-signed \
                 shim-helpers-amd64-signed

# The package set as a file whose time changes only when a package does, so the image and
# the initramfs are rebuilt after a security update and not otherwise. fetch-debs.sh runs
# every time (cheap when cached) because only apt knows whether there is something new.
$(SP_PKGS)/versions: FORCE
	@mkdir -p $(SP_PKGS)
	@echo "  FETCH   $(SP_IMAGE_DEBS)"
	@image/fetch-debs.sh $(SP_PKGS) $(SP_IMAGE_DEBS) >/dev/null
	@cat $(foreach p,$(SP_IMAGE_DEBS),$(SP_PKGS)/root/$(p)/.unpacked) >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(SP_INITRAMFS): $(SP_PKGS)/versions $(SP_IMG_B)/swapplace \
		$(filter-out %/README.md,$(wildcard initramfs/* initramfs/lib/*))
	@test -x initramfs/build.sh || { echo "initramfs/build.sh is missing" >&2; exit 1; }
	@echo "  MKINIT  $@"
	$(Q)initramfs/build.sh $@ $(SP_PKGS)/root/linux-image $(SP_PKGS)/root/busybox-static \
		$(SP_IMG_B)/swapplace

# What the image was built from beyond files: switching INITRAMFS= back and forth must
# rebuild it even when the other initramfs is older than the image.
$(SP_IMG_B)/image.vars: FORCE
	@mkdir -p $(SP_IMG_B)
	@echo "INITRAMFS=$(INITRAMFS) IMAGE_SIZE_MIB=$(IMAGE_SIZE_MIB)" >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(SP_IMAGE): $(INITRAMFS) $(SP_PKGS)/versions $(SP_IMG_B)/image.vars image/build-image.sh \
		image/grub.cfg image/swapplace.conf
	@echo "  IMAGE   $@"
	$(Q)image/build-image.sh $@ $(SP_PKGS)/root $(INITRAMFS) $(SP_IMG_B)/image-work

initramfs: $(SP_INITRAMFS)

image: $(SP_IMAGE)
	@cat $(SP_IMAGE).sizes

# Boots the image under QEMU (SeaBIOS, OVMF, OVMF with Secure Boot); see tests/vm.
check-image: image
	./tests/run.sh vm

FORCE:

.PHONY: image initramfs check-image FORCE

.DEFAULT_GOAL := $(sp_image_saved_goal)
