/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-annotate-link.h — linked selection between the source and disassembly
 *
 * Selecting a source line marks its instructions "linked" and selects the
 * first of them in the disassembly; selecting an instruction marks its line
 * and selects it in the source. The link also loads both panes for a
 * symbol, so the window needs one call per activated symbol.
 */
#pragma once

#include "cs-disasm-pane.h"
#include "cs-source-pane.h"

G_BEGIN_DECLS

#define CS_TYPE_ANNOTATE_LINK (cs_annotate_link_get_type ())
G_DECLARE_FINAL_TYPE (CsAnnotateLink, cs_annotate_link, CS, ANNOTATE_LINK, GObject)

/* The link holds weak references: the panes may go first. */
CsAnnotateLink *cs_annotate_link_new        (CsSourcePane          *source,
                                             CsDisasmPane          *disasm);
/* Loads @symbol into both panes (@event: the heat column's event, NULL for
 * the default) and links the hottest line with its instructions. */
void            cs_annotate_link_set_symbol (CsAnnotateLink        *self,
                                             CsAnalysis            *analysis,
                                             const CsProfileSymbol *symbol,
                                             const char            *event);
/* The same with @scope's samples only (a region scope with samples, record
 * --regions; NULL: all). (Appended, regions: issue 15.) */
void            cs_annotate_link_set_scope_symbol (CsAnnotateLink        *self,
                                                   CsAnalysis            *analysis,
                                                   const CsScope         *scope,
                                                   const CsProfileSymbol *symbol,
                                                   const char            *event);

G_END_DECLS
