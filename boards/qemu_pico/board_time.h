// board_time.c's halt, for modboard.c's `_board.halt_ms`.
#include <stdint.h>

void board_time_halt_ms(uint32_t n);
