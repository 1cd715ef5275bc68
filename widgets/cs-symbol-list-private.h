/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-symbol-list-private.h — CsSymbolList's fields, shared by cs-symbol-list.c
 * (the rows and the plain columns) and cs-symbol-list-compare.c (the
 * comparison's columns and rows) */
#pragma once

#include "cs-symbol-list.h"

G_BEGIN_DECLS

struct _CsSymbolList
{
  GtkWidget            parent_instance;

  GtkColumnView       *view;
  GtkSingleSelection  *selection;
  GtkSortListModel    *sort_model;
  GListStore          *store;
  GtkColumnViewColumn *samples_column;
  GtkColumnViewColumn *share_column;
  GtkColumnViewColumn *base_column;
  GtkColumnViewColumn *new_column;
  GtkColumnViewColumn *delta_column;
  GtkColumnViewColumn *symbol_column;
  GtkColumnViewColumn *library_column;
  GtkColumnViewColumn *signature_column;

  char                *event;
  gboolean             compared;
};

void _cs_symbol_list_init_compare_columns (CsSymbolList *self);

G_END_DECLS
