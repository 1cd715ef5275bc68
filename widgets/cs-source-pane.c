/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-source-pane.c — a symbol's source lines with their samples */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-annotate-view.h"
#include "cs-file.h"
#include "cs-source-pane.h"
#include "cs-widgets-util.h"

/* Lines shown before the first and after the last line of the symbol. */
#define CONTEXT_LINES 3

struct _CsSourcePane
{
  GtkWidget            parent_instance;
  CsAnnotateView       view;
  GtkColumnViewColumn *line_column;
  GtkColumnViewColumn *text_column;
  char           *file;
  gboolean        has_source;
};

G_DEFINE_FINAL_TYPE (CsSourcePane, cs_source_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_HAS_SOURCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Cells */

static void
cell_line (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = g_strdup_printf ("%u", cs_annotate_row_get_line (item));
}

static void
cell_text (gpointer item, CsCellContent *content, gpointer data)
{
  content->text = g_strdup (cs_annotate_row_get_text (item));
}

/* Loading */

static char *
expand_tabs (const char *line)
{
  /* Source files are not always UTF-8 (Latin-1 comments): show what can be. */
  g_autofree char *text = g_utf8_make_valid (line, -1);
  GString *s = g_string_new (NULL);
  guint column = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (*p == '\t')
        {
          do
            g_string_append_c (s, ' ');
          while (++column % 8 != 0);
        }
      else if (*p != '\r')
        {
          g_string_append_unichar (s, g_utf8_get_char (p));
          column++;
        }
    }
  return g_string_free (s, FALSE);
}

static void
set_state (CsSourcePane *self,
           const char   *file,
           const char   *message,
           gboolean      has_source)
{
  g_autofree char *title = NULL;

  g_free (self->file);
  self->file = g_strdup (file);
  cs_annotate_view_set_message (&self->view, message);
  if (file != NULL)
    {
      g_autofree char *base = g_path_get_basename (file);
      /* Translators: heading of the source pane, %s is a file name */
      title = g_strdup_printf (_("Source: %s"), base);
    }
  gtk_label_set_text (self->view.title, title != NULL ? title : _("Source"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->view.title), file);
  if (self->has_source != has_source)
    {
      self->has_source = has_source;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_SOURCE]);
    }
}

/* The file holding most of the symbol's own samples (not lines inlined from
 * elsewhere); failing that, the file most of its instructions come from. */
static const char *
choose_file (const GArray *lines,
             const GArray *insns)
{
  g_autoptr(GHashTable) weight = g_hash_table_new (g_str_hash, g_str_equal);
  const char *best = NULL;
  guint64 best_weight = 0;

  for (guint pass = 0; pass < 2 && best == NULL; pass++)
    {
      const GArray *rows = pass == 0 ? lines : insns;

      g_hash_table_remove_all (weight);
      for (guint i = 0; rows != NULL && i < rows->len; i++)
        {
          const char *file;
          guint64 w;

          if (pass == 0)
            {
              const CsProfileLineRow *row = &g_array_index (rows, CsProfileLineRow, i);

              if (row->file == NULL || row->inline_name != NULL)
                continue;
              file = row->file, w = row->samples;
            }
          else
            {
              const CsProfileInsnRow *row = &g_array_index (rows, CsProfileInsnRow, i);

              if (row->file == NULL)
                continue;
              file = row->file, w = 1;
            }
          w += GPOINTER_TO_SIZE (g_hash_table_lookup (weight, file));
          g_hash_table_insert (weight, (gpointer) file, GSIZE_TO_POINTER (w));
          if (w > best_weight)
            best = file, best_weight = w;
        }
    }
  return best;
}

/* Why there are no source lines, and what (if anything) would give them.
 * Only a program's own files can be rebuilt with -g: the kernel's source
 * lines need its debug info (a vmlinux with DWARF, which distributions ship
 * apart), and [vdso]-like code has no file at all. */
static char *
no_source_message (const CsProfileSymbol *symbol)
{
  const char *module = symbol->module != NULL ? symbol->module->name : "?";
  CsModuleKind kind = symbol->module != NULL ? symbol->module->kind : CS_MODULE_SPECIAL;

  switch (kind)
    {
    case CS_MODULE_KERNEL:
      /* TRANSLATORS: %s is a kernel function, e.g. "clear_page_erms" */
      return g_strdup_printf (_("Kernel source is not available for %s: the kernel’s debug information "
                                "(a vmlinux with debug info, from the distribution’s kernel debug "
                                "package) is not installed. Only the disassembly is shown."),
                              symbol->display_name);
    case CS_MODULE_SPECIAL:
      /* TRANSLATORS: the first %s is a function, the second a memory area
       * such as "[vdso]" */
      return g_strdup_printf (_("No source is available for %s: %s is code without a file of its own "
                                "(made by the kernel or at run time). Only the disassembly is shown."),
                              symbol->display_name, module);
    case CS_MODULE_FILE:
    default:
      return g_strdup_printf (_("No debug information for %s in %s: its source lines are unknown. "
                                "Rebuild %s with -g, or install its debug package."),
                              symbol->display_name, module, module);
    }
}

void
cs_source_pane_set_symbol (CsSourcePane          *self,
                           CsAnalysis            *analysis,
                           const CsProfileSymbol *symbol,
                           const char            *event)
{
  cs_source_pane_set_scope_symbol (self, analysis, NULL, symbol, event);
}

void
cs_source_pane_set_scope_symbol (CsSourcePane          *self,
                                 CsAnalysis            *analysis,
                                 const CsScope         *scope,
                                 const CsProfileSymbol *symbol,
                                 const char            *event)
{
  g_autoptr(GHashTable) per_line = NULL;   /* line → guint64[n_events] */
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) text_lines = NULL;
  const GArray *heat_lines = NULL;
  const GArray *insns = NULL;
  const char *file;
  const char * const *events;
  guint n_events, heat, first = G_MAXUINT, last = 0, n_text;
  guint64 total = 0;

  g_return_if_fail (CS_IS_SOURCE_PANE (self));

  cs_annotate_view_set_rows (&self->view, NULL, 0, 0);
  if (analysis == NULL || symbol == NULL)
    {
      set_state (self, NULL, NULL, FALSE);
      return;
    }

  heat = cs_annotate_view_set_analysis (&self->view, analysis, event);
  events = (const char * const *) self->view.events;
  n_events = g_strv_length (self->view.events);

  /* Samples per line of every event, and the symbol's total for the heat. */
  per_line = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  heat_lines = n_events > 0 ? cs_analysis_get_scope_line_table (analysis, scope, symbol, events[heat]) : NULL;
  insns = n_events > 0 ? cs_analysis_get_scope_insn_table (analysis, scope, symbol, events[heat]) : NULL;
  file = choose_file (heat_lines, insns);
  if (file == NULL)
    {
      g_autofree char *message = no_source_message (symbol);

      set_state (self, NULL, message, FALSE);
      return;
    }

  for (guint e = 0; e < n_events; e++)
    {
      const GArray *lines = cs_analysis_get_scope_line_table (analysis, scope, symbol, events[e]);

      for (guint i = 0; lines != NULL && i < lines->len; i++)
        {
          const CsProfileLineRow *row = &g_array_index (lines, CsProfileLineRow, i);
          guint64 *samples;

          if (e == heat)
            total += row->samples;
          if (row->file == NULL || strcmp (row->file, file) != 0 || row->line == 0)
            continue;
          if ((samples = g_hash_table_lookup (per_line, GUINT_TO_POINTER (row->line))) == NULL)
            {
              samples = g_new0 (guint64, n_events);
              g_hash_table_insert (per_line, GUINT_TO_POINTER (row->line), samples);
            }
          samples[e] += row->samples;
          first = MIN (first, row->line);
          last = MAX (last, row->line);
        }
    }
  /* The whole function body: every instruction's line, sampled or not. */
  for (guint i = 0; insns != NULL && i < insns->len; i++)
    {
      const CsProfileInsnRow *row = &g_array_index (insns, CsProfileInsnRow, i);

      if (row->file != NULL && row->line > 0 && strcmp (row->file, file) == 0)
        first = MIN (first, row->line), last = MAX (last, row->line);
    }

  /* Never blocks on a FIFO a debug line table names. */
  if (!cs_file_read_regular (file, CS_FILE_SOURCE_MAX, &contents, NULL, &error))
    {
      g_autofree char *message = NULL;

      if (!g_file_test (file, G_FILE_TEST_EXISTS))
        message = g_strdup_printf (_("Source file not found at %s. Only the disassembly can be shown; "
                                     "run the viewer where the sources were built."), file);
      else
        message = g_strdup_printf (_("The source file %s cannot be read: %s"), file, error->message);
      set_state (self, file, message, FALSE);
      return;
    }

  text_lines = g_strsplit (contents, "\n", -1);
  n_text = g_strv_length (text_lines);
  if (first == G_MAXUINT || first > n_text)
    {
      g_autofree char *message =
        g_strdup_printf (ngettext ("The source file %s does not match the program: it has %u line, "
                                   "the debug information points past it.",
                                   "The source file %s does not match the program: it has %u lines, "
                                   "the debug information points past them.", n_text), file, n_text);
      set_state (self, file, message, FALSE);
      return;
    }
  first = first > CONTEXT_LINES ? first - CONTEXT_LINES : 1;
  last = MIN (last + CONTEXT_LINES, n_text);

  rows = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint line = first; line <= last; line++)
    {
      g_autofree char *text = expand_tabs (text_lines[line - 1]);
      CsAnnotateLine *row = cs_annotate_line_new (file, line, text, n_events);
      guint64 *samples = g_hash_table_lookup (per_line, GUINT_TO_POINTER (line));

      for (guint e = 0; samples != NULL && e < n_events; e++)
        cs_annotate_row_add_samples (CS_ANNOTATE_ROW (row), e, samples[e]);
      g_ptr_array_add (rows, row);
    }

  cs_annotate_view_set_rows (&self->view, rows, heat, total);
  set_state (self, file, NULL, TRUE);
  cs_annotate_view_select (&self->view, self->view.hot_position);
}

gboolean
cs_source_pane_has_source (CsSourcePane *self)
{
  g_return_val_if_fail (CS_IS_SOURCE_PANE (self), FALSE);
  return self->has_source;
}

const char *
cs_source_pane_get_message (CsSourcePane *self)
{
  g_return_val_if_fail (CS_IS_SOURCE_PANE (self), NULL);
  return cs_annotate_view_get_message (&self->view);
}

const char *
cs_source_pane_get_file (CsSourcePane *self)
{
  g_return_val_if_fail (CS_IS_SOURCE_PANE (self), NULL);
  return self->file;
}

GtkSingleSelection *
cs_source_pane_get_selection (CsSourcePane *self)
{
  g_return_val_if_fail (CS_IS_SOURCE_PANE (self), NULL);
  return self->view.selection;
}

gboolean
cs_source_pane_select_line (CsSourcePane *self,
                            guint         line)
{
  GListModel *rows;
  guint n;
  g_autoptr(CsAnnotateLine) first = NULL;

  g_return_val_if_fail (CS_IS_SOURCE_PANE (self), FALSE);

  rows = G_LIST_MODEL (self->view.store);
  n = g_list_model_get_n_items (rows);
  if (n == 0)
    return FALSE;
  /* Rows are consecutive lines. */
  first = g_list_model_get_item (rows, 0);
  if (line < cs_annotate_line_get_line (first) || line - cs_annotate_line_get_line (first) >= n)
    return FALSE;
  cs_annotate_view_select (&self->view, line - cs_annotate_line_get_line (first));
  return TRUE;
}

/* GObject */

static void
cs_source_pane_dispose (GObject *object)
{
  CsSourcePane *self = CS_SOURCE_PANE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_SOURCE_PANE);
  cs_annotate_view_clear (&self->view);
  g_clear_pointer (&self->file, g_free);
  G_OBJECT_CLASS (cs_source_pane_parent_class)->dispose (object);
}

static void
cs_source_pane_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_HAS_SOURCE:
      g_value_set_boolean (value, CS_SOURCE_PANE (object)->has_source);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_source_pane_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (cs_source_pane_parent_class)->root (widget);
  cs_widgets_ensure_style (widget);
}

static void
cs_source_pane_class_init (CsSourcePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_source_pane_dispose;
  object_class->get_property = cs_source_pane_get_property;
  widget_class->root = cs_source_pane_root;

  properties[PROP_HAS_SOURCE] =
    g_param_spec_boolean ("has-source", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CS_TYPE_ANNOTATE_LINE);
  cs_widgets_ensure_resources ();
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/widgets/cs-source-pane.ui");
  CS_ANNOTATE_VIEW_BIND_TEMPLATE (widget_class, CsSourcePane, view);
  gtk_widget_class_bind_template_child (widget_class, CsSourcePane, line_column);
  gtk_widget_class_bind_template_child (widget_class, CsSourcePane, text_column);
  gtk_widget_class_set_css_name (widget_class, "cs-source-pane");
}

static void
cs_source_pane_init (CsSourcePane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  cs_annotate_view_init (&self->view);
  /* Line numbers: up to 6 digits, never cut; the room goes to the source. */
  cs_column_set_cells (self->line_column, CS_CELL_NUMBER, cell_line, NULL, NULL);
  cs_column_set_text_layout (self->line_column, GTK_INSCRIPTION_OVERFLOW_CLIP, 4, 6);
  cs_column_set_fit_text (self->line_column, 7);
  cs_column_set_cells (self->text_column, CS_CELL_CODE, cell_text, NULL, NULL);
  set_state (self, NULL, NULL, FALSE);
}

GtkWidget *
cs_source_pane_new (void)
{
  return g_object_new (CS_TYPE_SOURCE_PANE, NULL);
}
