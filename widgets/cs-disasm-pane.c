/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-disasm-pane.c — a symbol's instructions with their samples */

#include "config.h"

#include <glib/gi18n.h>

#include "cs-annotate-view.h"
#include "cs-disasm-pane.h"
#include "cs-widgets-util.h"

struct _CsDisasmPane
{
  GtkWidget            parent_instance;
  CsAnnotateView       view;
  GtkColumnViewColumn *address_column;
  GtkColumnViewColumn *text_column;
  GtkColumnViewColumn *line_column;
  char                *main_file;   /* the symbol's own source file */
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
  /* The line alone where it is in the symbol's own file (the source pane's):
   * the file name would take the instructions' room. */
  if (g_strcmp0 (file, ((CsDisasmPane *) data)->main_file) == 0)
    content->text = g_strdup_printf ("%u", cs_annotate_row_get_line (item));
  else
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
  g_clear_pointer (&self->main_file, g_free);
  if (analysis == NULL || symbol == NULL)
    {
      gtk_label_set_text (self->view.title, _("Disassembly"));
      cs_annotate_view_set_message (&self->view, NULL);
      return;
    }

  /* Translators: heading of the disassembly pane, %s is a function */
  title = g_strdup_printf (_("Disassembly: %s"),
                           symbol->symbol != NULL && symbol->symbol->signature != NULL
                           ? symbol->symbol->signature : symbol->display_name);
  gtk_label_set_text (self->view.title, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->view.title), title);

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

  /* The entry instruction's file is the function's own. */
  for (guint i = 0; i < rows->len && self->main_file == NULL; i++)
    self->main_file = g_strdup (cs_annotate_row_get_file (rows->pdata[i]));
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

  g_clear_pointer (&self->main_file, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_DISASM_PANE);
  cs_annotate_view_clear (&self->view);
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

  g_type_ensure (CS_TYPE_ANNOTATE_INSN);
  cs_widgets_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/widgets/cs-disasm-pane.ui");
  CS_ANNOTATE_VIEW_BIND_TEMPLATE (widget_class, CsDisasmPane, view);
  gtk_widget_class_bind_template_child (widget_class, CsDisasmPane, address_column);
  gtk_widget_class_bind_template_child (widget_class, CsDisasmPane, text_column);
  gtk_widget_class_bind_template_child (widget_class, CsDisasmPane, line_column);
  gtk_widget_class_set_css_name (widget_class, "cs-disasm-pane");
}

static void
cs_disasm_pane_init (CsDisasmPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  cs_annotate_view_init (&self->view);
  /* Monospace and as wide as the address: 0xffffffff81b98907 (kernel) as
   * much as 0x11a1, never cut. */
  cs_column_set_cells (self->address_column, CS_CELL_CODE, cell_address, NULL, NULL);
  cs_column_set_text_layout (self->address_column, GTK_INSCRIPTION_OVERFLOW_CLIP, 6, 6);
  cs_column_set_fit_text (self->address_column, 2 + 16);
  /* The instruction takes what is left, down to its mnemonic and the start
   * of its operands; "file.c:123" keeps room for a short name and, when
   * cut, loses the start of the name, never the line number. */
  cs_column_set_cells (self->text_column, CS_CELL_CODE, cell_text, NULL, NULL);
  cs_column_set_text_layout (self->text_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END, 16, 48);
  cs_column_set_cells (self->line_column, CS_CELL_TEXT, cell_line, self, NULL);
  cs_column_set_text_layout (self->line_column, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_START, 4, 6);
  cs_column_set_fit_text (self->line_column, 40);
}

GtkWidget *
cs_disasm_pane_new (void)
{
  return g_object_new (CS_TYPE_DISASM_PANE, NULL);
}
