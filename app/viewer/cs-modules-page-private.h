/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-modules-page-private.h — shared by the Modules page's files: cs-modules-page.c
 * (the page, its drill-down) and cs-modules-page-code.c (source and disassembly) */
#pragma once

#include "cs-annotate-link.h"
#include "cs-modules-page.h"

G_BEGIN_DECLS

struct _CsModulesPage
{
  GtkWidget       parent_instance;

  /* template children */
  GtkPaned       *outer_paned;
  GtkPaned       *top_paned;
  CsModuleTable  *module_table;
  CsSymbolPane   *symbol_pane;
  GtkWidget      *annotate_box;
  GtkLabel       *annotate_title;
  GtkWidget      *no_source_box;
  GtkLabel       *no_source_label;
  GtkPaned       *annotate_paned;
  CsSourcePane   *source_pane;
  CsDisasmPane   *disasm_pane;

  CsAnalysis     *analysis;
  CsComparison   *comparison;   /* compared with a base, or NULL */
  CsAnnotateLink *link;
  CsSymbolItem   *open_item;
  GtkWidget      *focus_root;     /* the window whose focus we follow */
  CsDrillLevel    level;
  gboolean        placing;        /* the page itself moves the split */
  gboolean        split_chosen;   /* the user moved the table / symbols split */
  gboolean        annotate_split_done;
};

void _cs_modules_page_emit_changed   (CsModulesPage *self);
void _cs_modules_page_close_annotate (CsModulesPage *self);
void _cs_modules_page_open_symbol    (CsModulesPage *self,
                                      CsSymbolItem  *item);

G_END_DECLS
