/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-disasm-pane.h — a symbol's instructions with their samples
 *
 * Every instruction of the symbol (capstone's disassembly, from the data
 * layer's instruction table) with its samples of every sampled event, a
 * heat column and its source line; the hottest instruction is selected and
 * scrolled to. Kernel or unreadable code lists only the sampled addresses.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-annotate-rows.h"
#include "cs-profile.h"

G_BEGIN_DECLS

#define CS_TYPE_DISASM_PANE (cs_disasm_pane_get_type ())
G_DECLARE_FINAL_TYPE (CsDisasmPane, cs_disasm_pane, CS, DISASM_PANE, GtkWidget)

GtkWidget          *cs_disasm_pane_new               (void);
/* @event: the event of the heat column (NULL: the analysis' default). NULL
 * @symbol clears the pane. */
void                cs_disasm_pane_set_symbol        (CsDisasmPane          *self,
                                                      CsAnalysis            *analysis,
                                                      const CsProfileSymbol *symbol,
                                                      const char            *event);
/* The same with @scope's samples only (a region scope with samples; NULL:
 * all), as cs_source_pane_set_scope_symbol(). (Appended, regions: issue 15.) */
void                cs_disasm_pane_set_scope_symbol  (CsDisasmPane          *self,
                                                      CsAnalysis            *analysis,
                                                      const CsScope         *scope,
                                                      const CsProfileSymbol *symbol,
                                                      const char            *event);
/* CsAnnotateInsn rows in address order. */
GtkSingleSelection *cs_disasm_pane_get_selection     (CsDisasmPane          *self);
guint               cs_disasm_pane_get_hot_position  (CsDisasmPane          *self);
/* Selects and scrolls to the instruction at @address; FALSE when absent. */
gboolean            cs_disasm_pane_select_address    (CsDisasmPane          *self,
                                                      guint64                address);
/* Why nothing is shown, NULL otherwise. */
const char         *cs_disasm_pane_get_message       (CsDisasmPane          *self);

G_END_DECLS
