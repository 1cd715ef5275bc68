/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model-private.h — the model's fields, shared by cs-model.c, the JSON
 * loader (cs-model-loader.c) and the checks (cs-evaluation.c) only */
#pragma once

#include "cs-model.h"

G_BEGIN_DECLS

struct _CsModel
{
  GObject     parent_instance;

  char       *filename;       /* as given, for cs_model_get_filename() */
  char       *display_name;   /* basename, for error messages */
  int         format;
  char       *id;
  char       *name;
  char       *description;
  char       *source;
  char      **pmus;
  char       *cycles_alias;
  char       *sample_alias;

  GArray     *events;         /* CsModelEvent */
  GArray     *constants;      /* CsModelConstant */
  GArray     *metrics;        /* CsModelMetric */
  GArray     *charts;         /* CsModelChart */
  char      **table_columns;

  GHashTable *names;          /* name -> GUINT_TO_POINTER (kind << 24 | index) */
  guint      *metric_order;   /* each metric after those it names; cs_model_check() */
  GHashTable *charts_by_id;   /* id -> GUINT_TO_POINTER (index + 1) */
};

CsModel *_cs_model_new_empty      (const char  *filename);
/* Fills @self from JSON text; errors name @self's file and the JSON path. */
gboolean _cs_model_load_json      (CsModel     *self,
                                  const char  *data,
                                  gssize       len,
                                  GError     **error);

G_END_DECLS
