/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analysis-filter.c — the analysis of the samples a filter selects
 *
 * The same recording, session and model; the profile is the filtered one
 * (cs_profile_new_filtered()), so the module scopes, the "Samples by
 * module" chart and, when the session has no counting runs, the program's
 * estimates are evaluated again from the selected samples. Counted values
 * stay what the runs counted: a filter selects samples, not counts.
 */
#include "config.h"

#include "cs-analysis-private.h"

CsAnalysis *
cs_analysis_new_filtered (CsAnalysis            *base,
                          const CsProfileFilter *filter,
                          GCancellable          *cancellable,
                          GError               **error)
{
  g_autoptr(CsAnalysis) self = NULL;

  g_return_val_if_fail (CS_IS_ANALYSIS (base), NULL);

  base = cs_analysis_get_base (base);
  if (cs_profile_filter_is_empty (filter))
    return g_object_ref (base);
  self = g_object_new (CS_TYPE_ANALYSIS, NULL);
  self->base = g_object_ref (base);
  self->filter = cs_profile_filter_ref ((CsProfileFilter *) filter);
  self->path = g_strdup (base->path);
  self->session = g_object_ref (base->session);
  self->model = g_object_ref (base->model);
  self->default_event = base->default_event;
  self->symbol_limit = base->symbol_limit;
  if (base->profile != NULL &&
      !(self->profile = cs_profile_new_filtered (base->profile, filter, cancellable, error)))
    return NULL;
  /* the warnings the loading found (a missing perf.data) stay */
  for (guint i = 0; base->profile == NULL && i + 1 < base->warnings->len; i++)
    g_ptr_array_add (self->warnings, g_strdup (g_ptr_array_index (base->warnings, i)));
  if (!_cs_analysis_evaluate (self, error))
    return NULL;
  _cs_analysis_build_charts (self);
  _cs_analysis_collect_warnings (self);
  g_ptr_array_add (self->warnings, NULL);
  g_ptr_array_add (self->details, NULL);
  return g_steal_pointer (&self);
}

CsAnalysis *
cs_analysis_get_base (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->base != NULL ? self->base : self;
}

CsProfileFilter *
cs_analysis_get_filter (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->filter;
}
