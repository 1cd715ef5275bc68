/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analysis-queries.c — what the report, the exporter and the viewer ask */
#include "config.h"

#include "cs-analysis-private.h"

const char *
cs_analysis_get_path (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->path;
}

CsSession *
cs_analysis_get_session (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->session;
}

CsModel *
cs_analysis_get_model (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->model;
}

const CsScope *
cs_analysis_get_program (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return &self->program;
}

guint
cs_analysis_get_n_scopes (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), 0);
  return self->scopes->len;
}

const CsScope *
cs_analysis_get_scope (CsAnalysis *self,
                       guint       i)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  g_return_val_if_fail (i < self->scopes->len, NULL);
  return &g_array_index (self->scopes, CsScope, i);
}

GPtrArray *
cs_analysis_get_charts (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->charts;
}

const char * const *
cs_analysis_get_warnings (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return (const char * const *) self->warnings->pdata;
}

GPtrArray *
cs_analysis_get_hidden_charts (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->hidden_charts;
}

const char * const *
cs_analysis_get_warning_details (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return (const char * const *) self->details->pdata;
}

CsProfile *
cs_analysis_get_profile (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  return self->profile;
}

const char * const *
cs_analysis_get_sampled_events (CsAnalysis *self)
{
  static const char * const none[] = { NULL };

  g_return_val_if_fail (CS_IS_ANALYSIS (self), none);
  return self->profile != NULL ? cs_profile_get_sampled_event_names (self->profile) : none;
}

const CsProfileEvent *
cs_analysis_get_default_event (CsAnalysis *self)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  if (self->profile == NULL || self->default_event < 0)
    return NULL;
  return cs_profile_get_event (self->profile, self->default_event);
}

/* The profile event for @name (NULL: the default one), or NULL. */
static const CsProfileEvent *
find_event (CsAnalysis *self,
            const char *name)
{
  if (self->profile == NULL)
    return NULL;
  if (name == NULL)
    return cs_analysis_get_default_event (self);
  return cs_profile_find_event (self->profile, name);
}

GArray *
cs_analysis_dup_top_symbols (CsAnalysis    *self,
                             const CsScope *scope,
                             const char    *event)
{
  const CsProfileEvent *e;
  const CsProfileModule *module = NULL;

  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);

  e = find_event (self, event);
  if (e == NULL)
    return g_array_new (FALSE, TRUE, sizeof (CsProfileSymbolRow));
  if (scope != NULL && scope->kind == CS_SCOPE_REGION && scope->region_id > 0)
    return cs_profile_dup_region_symbol_table (self->profile, e->index, scope->region_id,
                                               self->symbol_limit);
  if (scope != NULL && scope->kind == CS_SCOPE_MODULE && scope->module_id >= 0)
    module = cs_profile_get_module (self->profile, scope->module_id);
  return cs_profile_dup_symbol_table (self->profile, e->index, module, self->symbol_limit);
}

static guint
scope_region (const CsScope *scope)
{
  return scope != NULL && scope->kind == CS_SCOPE_REGION && scope->region_id > 0
         ? scope->region_id : CS_PROFILE_ALL_REGIONS;
}

const GArray *
cs_analysis_get_scope_line_table (CsAnalysis            *self,
                                  const CsScope         *scope,
                                  const CsProfileSymbol *symbol,
                                  const char            *event)
{
  const CsProfileEvent *e;

  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  g_return_val_if_fail (symbol != NULL, NULL);

  e = find_event (self, event);
  return e != NULL ? cs_profile_get_region_line_table (self->profile, e->index, symbol,
                                                       scope_region (scope)) : NULL;
}

const GArray *
cs_analysis_get_scope_insn_table (CsAnalysis            *self,
                                  const CsScope         *scope,
                                  const CsProfileSymbol *symbol,
                                  const char            *event)
{
  const CsProfileEvent *e;

  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);
  g_return_val_if_fail (symbol != NULL, NULL);

  e = find_event (self, event);
  return e != NULL ? cs_profile_get_region_insn_table (self->profile, e->index, symbol,
                                                       scope_region (scope)) : NULL;
}

const CsScope *
cs_analysis_find_region (CsAnalysis *self,
                         const char *name)
{
  g_return_val_if_fail (CS_IS_ANALYSIS (self), NULL);

  for (guint i = 0; i < self->scopes->len; i++)
    {
      const CsScope *scope = &g_array_index (self->scopes, CsScope, i);

      if (scope->kind == CS_SCOPE_REGION && g_strcmp0 (scope->name, name) == 0)
        return scope;
    }
  return NULL;
}

const GArray *
cs_analysis_get_line_table (CsAnalysis            *self,
                            const CsProfileSymbol *symbol,
                            const char            *event)
{
  return cs_analysis_get_scope_line_table (self, NULL, symbol, event);
}

const GArray *
cs_analysis_get_insn_table (CsAnalysis            *self,
                            const CsProfileSymbol *symbol,
                            const char            *event)
{
  return cs_analysis_get_scope_insn_table (self, NULL, symbol, event);
}
