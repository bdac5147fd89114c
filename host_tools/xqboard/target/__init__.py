"""The firmware image on an emulated microcontroller (`--target qemu`,
tests/target/, `make bench-target`): image.py finds or builds the image,
emulator.py runs it on QEMU (docs/HARDWARE.md, "The firmware image and the emulated
board")."""
