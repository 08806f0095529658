#ifndef BEACON_CZLIB_SHIM_H
#define BEACON_CZLIB_SHIM_H

#include <zlib.h>

#endif
