#ifndef BEACON_CLIBPQ_SHIM_H
#define BEACON_CLIBPQ_SHIM_H

#include <libpq-fe.h>

#endif
