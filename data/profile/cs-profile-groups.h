/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-groups.h — samples grouped by any of perf report's sort keys
 *
 * `perf report --sort comm,dso,sym` makes one row per distinct value of
 * the keys, in the order given, and sums each row's samples and period.
 * The keys here are perf's:
 *
 *   pid      the thread (perf keys it by tid and shows "tid:comm" with the
 *            thread's last name: CsProfileTask)
 *   comm     the thread's name when the sample was taken
 *   cpu      the sample's CPU
 *   dso      the module of the sample's own symbol
 *   sym      the sample's own symbol
 *   srcline  its source line ("file:line"; code without a line: one row
 *            per symbol, as cs_profile_dup_srcline_table() has it)
 *
 * Rows are computed from the profile's samples, so a filtered profile
 * (cs-profile-filter.h) gives the rows of its selection.
 */
#pragma once

#include "cs-profile.h"
#include "cs-profile-tasks.h"

G_BEGIN_DECLS

typedef enum
{
  CS_SORT_PID,
  CS_SORT_COMM,
  CS_SORT_CPU,
  CS_SORT_DSO,
  CS_SORT_SYM,
  CS_SORT_SRCLINE,
} CsSortKey;

#define CS_SORT_MAX_KEYS 6

typedef struct
{
  /* Only the fields of the table's keys are set. */
  const CsProfileTask   *task;       /* pid */
  const char            *comm;       /* comm */
  guint                  cpu;        /* cpu; G_MAXUINT16 when the sample had none */
  const CsProfileModule *module;     /* dso (sym: the symbol's module) */
  const CsProfileSymbol *symbol;     /* sym (srcline: the line's first symbol) */
  const char            *file;       /* srcline: NULL for code without a line */
  guint                  line;
  guint64                samples;
  guint64                period;
  double                 percent;    /* of the event's total period */
} CsProfileGroupRow;

/* perf's key names ("pid", "comm", …); FALSE for another. */
gboolean    cs_sort_key_from_string     (const char   *name,
                                         CsSortKey    *key);
const char *cs_sort_key_to_string       (CsSortKey     key);
/* A comma-separated list of at most CS_SORT_MAX_KEYS different keys; NULL
 * (and an error naming the keys there are) for anything else. */
gboolean    cs_sort_keys_parse          (const char   *text,
                                         CsSortKey    *keys,
                                         guint        *n_keys,
                                         GError      **error);

/* The rows of @event's samples grouped by @keys, largest period first (then
 * samples, then the keys' values), at most @limit (0: all). GArray of
 * CsProfileGroupRow. */
GArray     *cs_profile_dup_group_table  (CsProfile       *self,
                                         guint            event,
                                         const CsSortKey *keys,
                                         guint            n_keys,
                                         guint            limit);

G_END_DECLS
