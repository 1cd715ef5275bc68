/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-error.h — error domains of the data layer
 *
 * Every GError raised by data/ carries CS_DATA_ERROR; collector/ uses
 * CS_COLLECTOR_ERROR (collector/cs-collector-error.h). Messages are meant for
 * the user: they name the file, the JSON path or byte offset, and what was
 * expected, so that the person reading them can act.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CS_DATA_ERROR (cs_data_error_quark ())

typedef enum
{
  CS_DATA_ERROR_IO,           /* could not read or write a file */
  CS_DATA_ERROR_PARSE,        /* syntax error (JSON, formula) */
  CS_DATA_ERROR_INVALID,      /* well-formed but wrong: missing field, wrong type, bad value */
  CS_DATA_ERROR_VERSION,      /* unknown format version */
  CS_DATA_ERROR_CORRUPT,      /* binary input is truncated or inconsistent (perf.data) */
  CS_DATA_ERROR_UNSUPPORTED,  /* valid input we do not handle */
  CS_DATA_ERROR_NOT_FOUND,    /* unknown model, metric, symbol, event */
  CS_DATA_ERROR_CYCLE,        /* metric definitions refer to each other in a loop */
} CsDataError;

GQuark cs_data_error_quark (void);

G_END_DECLS
