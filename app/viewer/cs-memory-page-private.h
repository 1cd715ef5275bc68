/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-page-private.h — shared by the Memory page's files: cs-memory-page.c
 * (the page) and cs-memory-page-confirm.c (Confirm with Watchpoints) */
#pragma once

#include "cs-cacheline-pane.h"
#include "cs-cacheline-table.h"
#include "cs-memory-page.h"
#include "cs-scatter-view.h"

G_BEGIN_DECLS

struct _CsMemoryPage
{
  GtkWidget         parent_instance;

  GtkStack         *stack;
  GtkLabel         *title_label;
  GtkLabel         *body_label;
  GtkSpinner       *spinner;
  GtkLabel         *summary_label;
  GtkWidget        *warning_box;
  GtkLabel         *warning_label;
  CsCachelineTable *lines_table;
  CsCachelinePane  *line_pane;
  GtkToggleButton  *line_button;
  GtkToggleButton  *all_button;
  GtkToggleButton  *flagged_button;
  CsScatterView    *scatter;

  CsAnalysis       *analysis;
  CsMemoryProfile  *profile;
  GCancellable     *cancellable;
  GtkNativeDialog  *chooser;    /* Export Image… */
  char             *finding;
  GCancellable     *confirming; /* a watched run under way */
  guint32           confirm_line; /* … of this line (CsMemoryLine.id) */
};

void _cs_memory_page_update_confirm (CsMemoryPage *self);
void _cs_memory_page_confirm        (GtkWidget    *widget,
                                     const char   *action,
                                     GVariant     *parameter);
void _cs_memory_page_stop_confirm   (GtkWidget    *widget,
                                     const char   *action,
                                     GVariant     *parameter);

G_END_DECLS
