/* Stand-in for the SDK's C_API/buildsupport/setup.c, for a size measurement only:
   the entry the system calls, forwarding to the game's eventHandler. */
#include <stdint.h>
struct PlaydateAPI;
extern int eventHandler(struct PlaydateAPI *pd, uint32_t event, uint32_t arg);
int eventHandlerShim(struct PlaydateAPI *pd, uint32_t event, uint32_t arg) { return eventHandler(pd, event, arg); }
