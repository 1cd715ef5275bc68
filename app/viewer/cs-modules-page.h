/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-modules-page.h — the Modules page: module table, hot symbols, source and disassembly */
#pragma once

#include <gtk/gtk.h>

#include "cs-analysis.h"
#include "cs-disasm-pane.h"
#include "cs-module-table.h"
#include "cs-source-pane.h"
#include "cs-symbol-pane.h"

G_BEGIN_DECLS

#define CS_TYPE_MODULES_PAGE (cs_modules_page_get_type ())
G_DECLARE_FINAL_TYPE (CsModulesPage, cs_modules_page, CS, MODULES_PAGE, GtkWidget)

/* How far the user has drilled down; Back walks up one level. */
typedef enum
{
  CS_DRILL_TABLE,     /* the module table has the keyboard */
  CS_DRILL_SYMBOLS,   /* the hot-symbols pane has it */
  CS_DRILL_SOURCE,    /* the source / disassembly panes are open */
} CsDrillLevel;

/* Property "analysis": the recording shown, bound by the window. */

/* Ctrl+F: puts the keyboard focus into the table's filter entry. */
void       cs_modules_page_focus_filter (CsModulesPage *self);
/* gtk_widget_grab_focus() on the page puts the keyboard on the module
 * table's selected row, so Enter drills down at once. */
/* Alt+Left: closes the innermost drill-down pane (source and disassembly,
 * then hot symbols). FALSE when there was nothing to close. */
gboolean   cs_modules_page_go_back      (CsModulesPage *self);

/* Added by the drill-down (engineer w); the declarations above are unchanged. */

/* Binds the table's columns (module-columns) and the number of hot symbols
 * (symbol-limit) to @settings; NULL leaves the defaults. */
void            cs_modules_page_bind_settings   (CsModulesPage *self,
                                                 GSettings     *settings);
CsDrillLevel    cs_modules_page_get_level       (CsModulesPage *self);
/* What a symbol activation does: opens the source and disassembly panes
 * below the table on @item's symbol. */
void            cs_modules_page_open_symbol     (CsModulesPage *self,
                                                 CsSymbolItem  *item);
/* The symbol the source / disassembly panes show, NULL when they are closed. */
CsSymbolItem   *cs_modules_page_get_open_symbol (CsModulesPage *self);
/* Why the source pane is hidden (no debug information, file not found), or
 * NULL while it shows source or is closed. */
const char     *cs_modules_page_get_no_source_message (CsModulesPage *self);
/* Drills down to the instruction at @address (ELF virtual address) of the
 * symbol starting at @symbol_start in the module at @module_path: selects
 * the module, opens the symbol's source and disassembly and selects the
 * instruction (the table shows shared objects then). FALSE when the module
 * has no samples. */
gboolean        cs_modules_page_show_code       (CsModulesPage *self,
                                                 const char    *module_path,
                                                 guint64        symbol_start,
                                                 guint64        address);
/* The same with the samples of @region only (record --regions): selects the
 * region in the table and opens the symbol as from its hot symbols. FALSE
 * when the recording has no samples of that region. (Appended, regions:
 * issue 15.) */
gboolean        cs_modules_page_show_region_code (CsModulesPage *self,
                                                  const char    *region,
                                                  const char    *module_path,
                                                  guint64        symbol_start,
                                                  guint64        address);
CsModuleTable  *cs_modules_page_get_module_table (CsModulesPage *self);
CsSymbolPane   *cs_modules_page_get_symbol_pane  (CsModulesPage *self);
CsSourcePane   *cs_modules_page_get_source_pane  (CsModulesPage *self);
CsDisasmPane   *cs_modules_page_get_disasm_pane  (CsModulesPage *self);

G_END_DECLS
