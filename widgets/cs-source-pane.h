/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-source-pane.h — a symbol's source lines with their samples
 *
 * The lines of the symbol's source file that its instructions come from,
 * each with its samples of every sampled event and a heat column (share of
 * the symbol's samples of one event), scrolled to and selecting the hottest
 * line. When there is no source to show, a message says why (no debug
 * information, or the file is not found at its recorded path) and
 * :has-source is FALSE, so the window can give the disassembly the room.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-annotate-rows.h"
#include "cs-profile.h"

G_BEGIN_DECLS

#define CS_TYPE_SOURCE_PANE (cs_source_pane_get_type ())
G_DECLARE_FINAL_TYPE (CsSourcePane, cs_source_pane, CS, SOURCE_PANE, GtkWidget)

GtkWidget          *cs_source_pane_new           (void);
/* @event: the event of the heat column (NULL: the analysis' default). NULL
 * @symbol clears the pane. */
void                cs_source_pane_set_symbol    (CsSourcePane          *self,
                                                  CsAnalysis            *analysis,
                                                  const CsProfileSymbol *symbol,
                                                  const char            *event);
/* cs_source_pane_set_symbol() with the samples of @scope only when it is a
 * region scope with samples (record --regions), the same rows as
 * `cyclescope annotate --region`; NULL @scope: all samples. (Appended,
 * regions: issue 15.) */
void                cs_source_pane_set_scope_symbol (CsSourcePane          *self,
                                                     CsAnalysis            *analysis,
                                                     const CsScope         *scope,
                                                     const CsProfileSymbol *symbol,
                                                     const char            *event);
gboolean            cs_source_pane_has_source    (CsSourcePane          *self);
/* Why there is no source; NULL when there is. */
const char         *cs_source_pane_get_message   (CsSourcePane          *self);
/* The file shown (or the one that could not be read); NULL without debug
 * information. */
const char         *cs_source_pane_get_file      (CsSourcePane          *self);
/* CsAnnotateLine rows; the selection is the selected line. */
GtkSingleSelection *cs_source_pane_get_selection (CsSourcePane          *self);
/* The row of the hottest line, GTK_INVALID_LIST_POSITION when none. */
guint               cs_source_pane_get_hot_position (CsSourcePane       *self);
/* Selects and scrolls to @line of the shown file; FALSE when not shown. */
gboolean            cs_source_pane_select_line   (CsSourcePane          *self,
                                                  guint                  line);

G_END_DECLS
