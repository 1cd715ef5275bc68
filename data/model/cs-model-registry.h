/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model-registry.h — finds and loads the models available to the user
 *
 * Search order (a later directory overrides a model id of an earlier one):
 *   1. the installed models (CS_MODELDIR), or the source tree's data/models
 *      when running uninstalled;
 *   2. $XDG_DATA_HOME/cyclescope/models (g_get_user_data_dir());
 *   3. every directory of $CYCLESCOPE_MODEL_PATH (colon separated).
 * A file that fails to load is skipped and its error kept for `cyclescope
 * models` to print; it never hides the other models.
 */
#pragma once

#include "cs-model.h"

G_BEGIN_DECLS

#define CS_TYPE_MODEL_REGISTRY (cs_model_registry_get_type ())
G_DECLARE_FINAL_TYPE (CsModelRegistry, cs_model_registry, CS, MODEL_REGISTRY, GObject)

/* A process-wide registry loaded on first use. */
CsModelRegistry *cs_model_registry_get_default   (void);
CsModelRegistry *cs_model_registry_new           (void);
void             cs_model_registry_add_directory (CsModelRegistry *self,
                                                  const char      *path);
/* Models sorted by id. */
GPtrArray       *cs_model_registry_list          (CsModelRegistry *self);
CsModel         *cs_model_registry_lookup        (CsModelRegistry *self,
                                                  const char      *id);
/* Load errors, one string per failed file ("path: message"). */
const char * const *cs_model_registry_get_errors (CsModelRegistry *self);
/* The best model for a PMU: a model naming @pmu_name exactly, preferring the
 * one with the most metrics; NULL when none applies. */
CsModel         *cs_model_registry_choose        (CsModelRegistry *self,
                                                  const char      *pmu_name);

G_END_DECLS
