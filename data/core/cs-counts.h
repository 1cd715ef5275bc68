/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-counts.h — a named set of event values that a model is evaluated on
 *
 * The model engine never looks at runs or samples directly: whoever builds a
 * CsCounts (the session for counting runs, the aggregator for sampled modules)
 * decides how values were obtained and says so through CsProvenance, which the
 * UI shows next to every number.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CS_PROVENANCE_NONE = 0,      /* not available */
  CS_PROVENANCE_COUNTED,       /* read from a counter */
  CS_PROVENANCE_SCALED,        /* counted, but multiplexed: scaled by enabled/running */
  CS_PROVENANCE_ESTIMATED,     /* estimated from samples: samples x period */
  CS_PROVENANCE_RECONSTRUCTED, /* reconstructed (e.g. data addresses from registers) */
} CsProvenance;

typedef struct _CsCounts CsCounts;

CsCounts     *cs_counts_new        (void);
CsCounts     *cs_counts_ref        (CsCounts     *self);
void          cs_counts_unref      (CsCounts     *self);
void          cs_counts_set        (CsCounts     *self,
                                    const char   *name,
                                    double        value,
                                    CsProvenance  provenance);
/* Adds to an existing value (creating it at 0); the provenance becomes the
 * weakest of the two (estimated beats scaled beats counted). */
void          cs_counts_add        (CsCounts     *self,
                                    const char   *name,
                                    double        value,
                                    CsProvenance  provenance);
gboolean      cs_counts_lookup     (const CsCounts *self,
                                    const char   *name,
                                    double       *value,
                                    CsProvenance *provenance);
guint         cs_counts_get_size   (const CsCounts *self);
/* Names in insertion order; owned by @self. */
const char  **cs_counts_get_names  (const CsCounts *self,
                                    guint        *n_names);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsCounts, cs_counts_unref)

G_END_DECLS
