/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-annotate-link.c — linked selection between the source and disassembly */

#include "config.h"

#include "cs-annotate-link.h"

struct _CsAnnotateLink
{
  GObject       parent_instance;
  GWeakRef      source;
  GWeakRef      disasm;
  /* Selecting in one pane selects in the other: no echo back. */
  gboolean      updating;
};

G_DEFINE_FINAL_TYPE (CsAnnotateLink, cs_annotate_link, G_TYPE_OBJECT)

/* Marks the rows of @rows from the same line as @selected (none when NULL)
 * as linked; returns the position of the first, GTK_INVALID_LIST_POSITION
 * when none is. */
static guint
mark_linked (GListModel    *rows,
             CsAnnotateRow *selected)
{
  guint first = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsAnnotateRow) row = g_list_model_get_item (rows, i);
      gboolean linked = selected != NULL && cs_annotate_row_same_line (row, selected);

      cs_annotate_row_set_linked (row, linked);
      if (linked && first == GTK_INVALID_LIST_POSITION)
        first = i;
    }
  return first;
}

static void
link_from_line (CsAnnotateLink *self,
                CsSourcePane   *source,
                CsDisasmPane   *disasm)
{
  GtkSingleSelection *lines = cs_source_pane_get_selection (source);
  GListModel *insns = G_LIST_MODEL (cs_disasm_pane_get_selection (disasm));
  guint first;

  mark_linked (G_LIST_MODEL (lines), NULL);
  first = mark_linked (insns, gtk_single_selection_get_selected_item (lines));
  if (first != GTK_INVALID_LIST_POSITION)
    {
      g_autoptr(CsAnnotateInsn) insn = g_list_model_get_item (insns, first);

      cs_disasm_pane_select_address (disasm, cs_annotate_insn_get_address (insn));
    }
}

static void
link_from_insn (CsAnnotateLink *self,
                CsSourcePane   *source,
                CsDisasmPane   *disasm)
{
  GtkSingleSelection *insns = cs_disasm_pane_get_selection (disasm);
  CsAnnotateRow *insn = gtk_single_selection_get_selected_item (insns);

  mark_linked (G_LIST_MODEL (insns), NULL);
  if (mark_linked (G_LIST_MODEL (cs_source_pane_get_selection (source)), insn) != GTK_INVALID_LIST_POSITION)
    cs_source_pane_select_line (source, cs_annotate_row_get_line (insn));
}

static void
on_selection_changed (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      CsAnnotateLink     *self)
{
  g_autoptr(CsSourcePane) source = g_weak_ref_get (&self->source);
  g_autoptr(CsDisasmPane) disasm = g_weak_ref_get (&self->disasm);

  if (self->updating || source == NULL || disasm == NULL)
    return;
  self->updating = TRUE;
  if (selection == cs_source_pane_get_selection (source))
    link_from_line (self, source, disasm);
  else
    link_from_insn (self, source, disasm);
  self->updating = FALSE;
}

static void
cs_annotate_link_finalize (GObject *object)
{
  CsAnnotateLink *self = CS_ANNOTATE_LINK (object);
  g_autoptr(CsSourcePane) source = g_weak_ref_get (&self->source);
  g_autoptr(CsDisasmPane) disasm = g_weak_ref_get (&self->disasm);

  if (source != NULL)
    g_signal_handlers_disconnect_by_data (cs_source_pane_get_selection (source), self);
  if (disasm != NULL)
    g_signal_handlers_disconnect_by_data (cs_disasm_pane_get_selection (disasm), self);
  g_weak_ref_clear (&self->source);
  g_weak_ref_clear (&self->disasm);
  G_OBJECT_CLASS (cs_annotate_link_parent_class)->finalize (object);
}

static void
cs_annotate_link_class_init (CsAnnotateLinkClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_annotate_link_finalize;
}

static void
cs_annotate_link_init (CsAnnotateLink *self)
{
  g_weak_ref_init (&self->source, NULL);
  g_weak_ref_init (&self->disasm, NULL);
}

CsAnnotateLink *
cs_annotate_link_new (CsSourcePane *source,
                      CsDisasmPane *disasm)
{
  CsAnnotateLink *self;

  g_return_val_if_fail (CS_IS_SOURCE_PANE (source), NULL);
  g_return_val_if_fail (CS_IS_DISASM_PANE (disasm), NULL);

  self = g_object_new (CS_TYPE_ANNOTATE_LINK, NULL);
  g_weak_ref_set (&self->source, source);
  g_weak_ref_set (&self->disasm, disasm);
  g_signal_connect (cs_source_pane_get_selection (source), "notify::selected",
                    G_CALLBACK (on_selection_changed), self);
  g_signal_connect (cs_disasm_pane_get_selection (disasm), "notify::selected",
                    G_CALLBACK (on_selection_changed), self);
  return self;
}

void
cs_annotate_link_set_symbol (CsAnnotateLink        *self,
                             CsAnalysis            *analysis,
                             const CsProfileSymbol *symbol,
                             const char            *event)
{
  cs_annotate_link_set_scope_symbol (self, analysis, NULL, symbol, event);
}

void
cs_annotate_link_set_scope_symbol (CsAnnotateLink        *self,
                                   CsAnalysis            *analysis,
                                   const CsScope         *scope,
                                   const CsProfileSymbol *symbol,
                                   const char            *event)
{
  g_autoptr(CsSourcePane) source = g_weak_ref_get (&self->source);
  g_autoptr(CsDisasmPane) disasm = g_weak_ref_get (&self->disasm);

  g_return_if_fail (CS_IS_ANNOTATE_LINK (self));

  if (source == NULL || disasm == NULL)
    return;
  /* Each pane selects its own hottest row while loading; then the source's
   * hottest line decides what is linked (or, without source, nothing). */
  self->updating = TRUE;
  cs_disasm_pane_set_scope_symbol (disasm, analysis, scope, symbol, event);
  cs_source_pane_set_scope_symbol (source, analysis, scope, symbol, event);
  self->updating = FALSE;
  if (cs_source_pane_has_source (source))
    {
      self->updating = TRUE;
      link_from_line (self, source, disasm);
      self->updating = FALSE;
    }
}
