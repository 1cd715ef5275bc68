/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-children.h — `perf report --children` tables
 *
 * For each module, function or source line: Children, the cost of the
 * samples with it anywhere on their stack (once per stack), and Self, the
 * cost of the samples it was sampled in — perf's meaning exactly: Self
 * goes to the sample's own symbol (code inlined into a function counts
 * there; an inlined function has Self 0 and only Children), to its module,
 * to its own source line. (The call graph's trees give a sample to the
 * innermost, inlined, function instead; cs-call-graph.h.)
 */
#pragma once

#include "cs-call-function.h"
#include "cs-profile.h"

G_BEGIN_DECLS

typedef enum
{
  CS_CHILDREN_BY_MODULE,
  CS_CHILDREN_BY_FUNCTION,
  CS_CHILDREN_BY_LINE,
} CsChildrenKey;

typedef struct
{
  const CsProfileModule *module;     /* BY_MODULE; the function's or line's module otherwise */
  const CsCallFunction  *function;   /* BY_FUNCTION */
  /* BY_LINE: the line, or (file NULL) the symbol of code without one */
  const char            *file;
  guint                  line;
  const CsProfileSymbol *symbol;
  guint64                self;
  guint64                children;
  guint64                self_samples;      /* samples, as perf report -n counts them with --children */
  guint64                children_samples;
  double                 self_percent;      /* of the event's total period */
  double                 children_percent;
} CsChildrenRow;

/* The rows of @event with a cost, by children (then self), largest first,
 * at most @limit (0: all); empty without call chains. GArray of
 * CsChildrenRow. Fails only when cancelled. */
GArray *cs_profile_dup_children_table (CsProfile      *profile,
                                       CsChildrenKey   key,
                                       guint           event,
                                       guint           limit,
                                       GCancellable   *cancellable,
                                       GError        **error);

G_END_DECLS
