/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-disasm-pane.c — a symbol's instructions with their samples */

#include "config.h"

#include <glib/gi18n.h>

#include "cs-annotate-view.h"
#include "cs-disasm-pane.h"
#include "cs-widgets-util.h"

struct _CsDisasmPane
{
  GtkWidget       parent_instance;
  CsAnnotateView  view;
};

G_DEFINE_FINAL_TYPE (CsDisasmPane, cs_disasm_pane, GTK_TYPE_WIDGET)

/* Cells */

static void
cell_address (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", cs_annotate_insn_get_address (item));
}

static void
cell_text (gpointer item, CsCellContent *content, gpointer data)
{
  const char *text = cs_annotate_row_get_text (item);

  /* Translators: an instruction whose bytes could not be read */
  content->text = g_strdup (text != NULL ? text : _("(code not available)"));
}

static void
cell_line (gpointer item, CsCellContent *content, gpointer data)
{
  const char *file = cs_annotate_row_get_file (item);
  g_autofree char *base = file != NULL ? g_path_get_basename (file) : NULL;

  if (file == NULL)
    return;
  content->text = g_strdup_printf ("%s:%u", base, cs_annotate_row_get_line (item));
  content->tooltip = g_strdup_printf ("%s:%u", file, cs_annotate_row_get_line (item));
}

/* Loading */

void
cs_disasm_pane_set_symbol (CsDisasmPane          *self,
                           CsAnalysis            *analysis,
                           const CsProfileSymbol *symbol,
                           const char            *event)
{
  cs_disasm_pane_set_scope_symbol (self, analysis, NULL, symbol, event);
}

void
cs_disasm_pane_set_scope_symbol (CsDisasmPane          *self,
                                 CsAnalysis            *analysis,
                                 const CsScope         *scope,
                                 const CsProfileSymbol *symbol,
                                 const char            *event)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GHashTable) by_address = NULL;
  g_autofree char *title = NULL;
  guint n_events, heat;
  guint64 total = 0;

  g_return_if_fail (CS_IS_DISASM_PANE (self));

  cs_annotate_view_set_rows (&self->view, NULL, 0, 0);
  if (analysis == NULL || symbol == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->view.title), _("Disassembly"));
      cs_annotate_view_set_message (&self->view, NULL);
      return;
    }

  /* Translators: heading of the disassembly pane, %s is a function */
  title = g_strdup_printf (_("Disassembly: %s"),
                           symbol->symbol != NULL && symbol->symbol->signature != NULL
                           ? symbol->symbol->signature : symbol->display_name);
  gtk_label_set_text (GTK_LABEL (self->view.title), title);
  gtk_widget_set_tooltip_text (self->view.title, title);

  heat = cs_annotate_view_set_analysis (&self->view, analysis, event);
  n_events = g_strv_length (self->view.events);

  /* The instruction list of the heat event gives the rows (all the
   * symbol's instructions); the other events add their samples. */
  rows = g_ptr_array_new_with_free_func (g_object_unref);
  by_address = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint e = 0; e < n_events; e++)
    {
      guint event_index = (heat + e) % n_events;
      const GArray *insns = cs_analysis_get_scope_insn_table (analysis, scope, symbol, self->view.events[event_index]);

      for (guint i = 0; insns != NULL && i < insns->len; i++)
        {
          const CsProfileInsnRow *row = &g_array_index (insns, CsProfileInsnRow, i);
          CsAnnotateRow *insn = g_hash_table_lookup (by_address, &row->address);

          if (insn == NULL)
            {
              /* Rows of other events that the heat event has no row for
               * (sampled-only listings) are appended. */
              insn = CS_ANNOTATE_ROW (cs_annotate_insn_new (row->address, row->text, row->file, row->line, n_events));
              g_ptr_array_add (rows, insn);
              g_hash_table_insert (by_address, (gpointer) &row->address, insn);
            }
          cs_annotate_row_add_samples (insn, event_index, row->samples);
          if (event_index == heat)
            total += row->samples;
        }
    }

  if (rows->len == 0)
    {
      g_autofree char *message =
        g_strdup_printf (_("No instructions of %s could be read from %s."), symbol->display_name,
                         symbol->module != NULL ? symbol->module->path : "?");
      cs_annotate_view_set_message (&self->view, message);
      return;
    }

  cs_annotate_view_set_rows (&self->view, rows, heat, total);
  cs_annotate_view_set_message (&self->view, NULL);
  cs_annotate_view_select (&self->view, self->view.hot_position);
}

GtkSingleSelection *
cs_disasm_pane_get_selection (CsDisasmPane *self)
{
  g_return_val_if_fail (CS_IS_DISASM_PANE (self), NULL);
  return self->view.selection;
}

guint
cs_disasm_pane_get_hot_position (CsDisasmPane *self)
{
  g_return_val_if_fail (CS_IS_DISASM_PANE (self), GTK_INVALID_LIST_POSITION);
  return self->view.hot_position;
}

gboolean
cs_disasm_pane_select_address (CsDisasmPane *self,
                               guint64       address)
{
  GListModel *rows;

  g_return_val_if_fail (CS_IS_DISASM_PANE (self), FALSE);

  rows = G_LIST_MODEL (self->view.store);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsAnnotateInsn) insn = g_list_model_get_item (rows, i);

      if (cs_annotate_insn_get_address (insn) == address)
        {
          cs_annotate_view_select (&self->view, i);
          return TRUE;
        }
    }
  return FALSE;
}

const char *
cs_disasm_pane_get_message (CsDisasmPane *self)
{
  g_return_val_if_fail (CS_IS_DISASM_PANE (self), NULL);
  return cs_annotate_view_get_message (&self->view);
}

/* GObject */

static void
cs_disasm_pane_dispose (GObject *object)
{
  CsDisasmPane *self = CS_DISASM_PANE (object);

  cs_annotate_view_destroy (&self->view, GTK_WIDGET (self));
  G_OBJECT_CLASS (cs_disasm_pane_parent_class)->dispose (object);
}

static void
cs_disasm_pane_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cs_disasm_pane_parent_class)->root (widget);
  cs_widgets_ensure_style (widget);
}

static void
cs_disasm_pane_class_init (CsDisasmPaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = cs_disasm_pane_dispose;
  widget_class->root = cs_disasm_pane_root;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cs-disasm-pane");
}

static void
cs_disasm_pane_init (CsDisasmPane *self)
{
  GtkColumnViewColumn *column;

  cs_annotate_view_init (&self->view, GTK_WIDGET (self), CS_TYPE_ANNOTATE_INSN);
  /* Monospace and as wide as the address: 0xffffffff81b98907 (kernel) as
   * much as 0x11a1, never cut. */
  column = cs_annotate_view_add_column (&self->view, _("Address"), CS_CELL_CODE, cell_address, FALSE);
  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_CLIP, 6, 6);
  cs_column_set_fit_text (column, 2 + 16);
  cs_annotate_view_add_sample_columns (&self->view);
  /* The instruction takes what is left, down to its mnemonic and the start
   * of its operands; "file.c:123" keeps room for a short name and, when
   * cut, loses the start of the name, never the line number. */
  column = cs_annotate_view_add_column (&self->view, _("Instruction"), CS_CELL_CODE, cell_text, TRUE);
  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_CLIP, 16, 48);
  column = cs_annotate_view_add_column (&self->view, _("Line"), CS_CELL_TEXT, cell_line, FALSE);
  cs_column_set_text_layout (column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_START, 12, 12);
  cs_column_set_fit_text (column, 40);
  gtk_label_set_text (GTK_LABEL (self->view.title), _("Disassembly"));
}

GtkWidget *
cs_disasm_pane_new (void)
{
  return g_object_new (CS_TYPE_DISASM_PANE, NULL);
}
