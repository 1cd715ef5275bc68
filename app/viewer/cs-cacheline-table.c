/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cacheline-table.c — the Memory page's table of cachelines
 *
 * Numbers are samples whose data address was reconstructed; the samples
 * column carries a heat bar relative to the hottest line so the eye finds
 * the lines that matter before reading digits.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-cacheline-table.h"
#include "cs-chart-format.h"
#include "cs-column.h"
#include "cs-column-sorter.h"
#include "cs-memory-format.h"

struct _CsCachelineTable
{
  GtkWidget            parent_instance;

  GtkColumnView       *view;
  GtkSingleSelection  *selection;
  GListStore          *store;
  GtkColumnViewColumn *flag_column;
  GtkColumnViewColumn *address_column;
  GtkColumnViewColumn *data_column;
  GtkColumnViewColumn *sharing_column;
  GtkColumnViewColumn *samples_column;
  GtkColumnViewColumn *loads_column;
  GtkColumnViewColumn *stores_column;
  GtkColumnViewColumn *threads_column;
  GtkColumnViewColumn *bytes_column;
  GtkColumnViewColumn *ip_column;

  CsMemoryProfile     *profile;
  guint64              max_samples;
};

G_DEFINE_FINAL_TYPE (CsCachelineTable, cs_cacheline_table, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PROFILE,
  PROP_SELECTED_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Cells */

static const CsMemoryLine *
line_of (gpointer item)
{
  return cs_memory_line_item_get_line (CS_MEMORY_LINE_ITEM (item));
}

static void
fill_flag (gpointer item, CsCellContent *c, gpointer data)
{
  const CsMemoryLine *line = line_of (item);

  c->text = g_strdup (line->false_sharing ? "⚠" : "");
  if (line->false_sharing)
    c->tooltip = g_strdup (_("False-sharing candidate: two threads touch different bytes of this "
                             "line and one of them stores"));
}

static void
fill_address (gpointer item, CsCellContent *c, gpointer data)
{
  const CsMemoryLine *line = line_of (item);
  g_autofree char *first = cs_memory_format_address (line->address);
  g_autofree char *last = cs_memory_format_address (line->address + CS_MEMORY_LINE_SIZE - 1);

  /* The address is reconstructed from registers: it carries the marker
   * every reconstructed value has (cs_provenance_get_marker). */
  c->text = g_strdup_printf ("%s %s", first, cs_provenance_get_marker (CS_PROVENANCE_RECONSTRUCTED));
  c->dim_from = strlen (first) + 1;
  /* TRANSLATORS: a process id, the first and last byte address of a
   * cacheline, then "reconstructed" */
  c->tooltip = g_strdup_printf (_("Process %u, bytes %s–%s (%s from the sampled registers)"), line->pid,
                                first, last, cs_provenance_get_description (CS_PROVENANCE_RECONSTRUCTED));
}

static void
fill_data (gpointer item, CsCellContent *c, gpointer data)
{
  const CsMemoryLine *line = line_of (item);

  c->text = cs_memory_format_region (line);
  c->tooltip = line->shared
    /* TRANSLATORS: tooltip of what holds a cacheline in memory shared by processes */
    ? g_strdup_printf (ngettext ("%s: a shared mapping, matched by its file and offset in %u process",
                                 "%s: a shared mapping, matched by its file and offset in %u processes",
                                 line->n_processes), c->text, line->n_processes)
    : g_strdup (c->text);
}

static void
fill_sharing (gpointer item, CsCellContent *c, gpointer data)
{
  const CsMemoryLine *line = line_of (item);

  c->text = g_strdup (cs_memory_format_sharing (line));
  if (line->false_sharing)
    c->tooltip = g_strdup (_("False sharing: threads touch different bytes of this line and one of them "
                             "stores; padding them apart helps"));
  else if (line->true_sharing)
    c->tooltip = g_strdup (_("True sharing: a thread writes bytes another thread reads or writes; the "
                             "data itself moves between them, padding does not help"));
}

static void
fill_samples (gpointer item, CsCellContent *c, gpointer data)
{
  CsCachelineTable *self = data;
  const CsMemoryLine *line = line_of (item);

  c->text = cs_memory_format_count (line->samples);
  c->fraction = self->max_samples > 0 ? (double) line->samples / (double) self->max_samples : 0;
}

static void
fill_loads (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_count (line_of (item)->loads);
}

static void
fill_stores (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_count (line_of (item)->stores);
}

static void
fill_threads (gpointer item, CsCellContent *c, gpointer data)
{
  const CsMemoryLine *line = line_of (item);

  c->text = g_strdup_printf ("%u", line->n_threads);
  if (line->n_processes > 1)
    /* TRANSLATORS: tooltip of a cacheline's thread count: "in 2 processes" */
    c->tooltip = g_strdup_printf (ngettext ("in %u process", "in %u processes", line->n_processes),
                                  line->n_processes);
}

static void
fill_bytes (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_threads (line_of (item));
  c->tooltip = g_strdup (c->text);
}

static void
fill_ip (gpointer item, CsCellContent *c, gpointer data)
{
  c->text = cs_memory_format_top_ip (line_of (item));
  c->tooltip = g_strdup (c->text);
}

/* Rows */

static void
set_profile (CsCachelineTable *self,
             CsMemoryProfile  *profile)
{
  guint n = profile != NULL ? cs_memory_profile_get_n_lines (profile) : 0;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (!g_set_object (&self->profile, profile))
    return;
  self->max_samples = 0;
  for (guint i = 0; i < n; i++)
    {
      self->max_samples = MAX (self->max_samples, cs_memory_profile_get_line (profile, i)->samples);
      g_ptr_array_add (items, cs_memory_line_item_new (profile, i));
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  gtk_single_selection_set_selected (self->selection, n > 0 ? 0 : GTK_INVALID_LIST_POSITION);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROFILE]);
}

const CsMemoryLine *
cs_cacheline_table_get_selected_line (CsCachelineTable *self)
{
  gpointer item;

  g_return_val_if_fail (CS_IS_CACHELINE_TABLE (self), NULL);

  item = gtk_single_selection_get_selected_item (self->selection);
  return item != NULL ? line_of (item) : NULL;
}

gboolean
cs_cacheline_table_select_address (CsCachelineTable *self,
                                   guint64           address)
{
  const CsMemoryLine *selected = cs_cacheline_table_get_selected_line (self);
  guint64 line = address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1);
  GListModel *rows = G_LIST_MODEL (self->selection);
  guint found = GTK_INVALID_LIST_POSITION;

  g_return_val_if_fail (CS_IS_CACHELINE_TABLE (self), FALSE);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsMemoryLineItem) item = g_list_model_get_item (rows, i);
      const CsMemoryLine *l = cs_memory_line_item_get_line (item);

      if (l->address != line)
        continue;
      if (found == GTK_INVALID_LIST_POSITION || (selected != NULL && l->pid == selected->pid))
        found = i;
    }
  if (found == GTK_INVALID_LIST_POSITION)
    return FALSE;
  gtk_single_selection_set_selected (self->selection, found);
  cs_column_view_scroll_to (self->view, found);
  return TRUE;
}

gboolean
cs_cacheline_table_select_id (CsCachelineTable *self,
                              guint32           id)
{
  GListModel *rows = G_LIST_MODEL (self->selection);

  g_return_val_if_fail (CS_IS_CACHELINE_TABLE (self), FALSE);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsMemoryLineItem) item = g_list_model_get_item (rows, i);

      if (cs_memory_line_item_get_line (item)->id == id)
        {
          gtk_single_selection_set_selected (self->selection, i);
          cs_column_view_scroll_to (self->view, i);
          return TRUE;
        }
    }
  return FALSE;
}

static void
selected_changed (CsCachelineTable *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ITEM]);
}

/* GObject */

static void
cs_cacheline_table_dispose (GObject *object)
{
  CsCachelineTable *self = CS_CACHELINE_TABLE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_CACHELINE_TABLE);
  /* The template's root is not a bound child: unparent it ourselves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->profile);
  G_OBJECT_CLASS (cs_cacheline_table_parent_class)->dispose (object);
}

static void
cs_cacheline_table_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CsCachelineTable *self = CS_CACHELINE_TABLE (object);

  switch (prop_id)
    {
    case PROP_PROFILE:
      g_value_set_object (value, self->profile);
      break;
    case PROP_SELECTED_ITEM:
      g_value_set_object (value, gtk_single_selection_get_selected_item (self->selection));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_cacheline_table_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_PROFILE:
      set_profile (CS_CACHELINE_TABLE (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_cacheline_table_class_init (CsCachelineTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_cacheline_table_dispose;
  object_class->get_property = cs_cacheline_table_get_property;
  object_class->set_property = cs_cacheline_table_set_property;

  properties[PROP_PROFILE] =
    g_param_spec_object ("profile", NULL, NULL, CS_TYPE_MEMORY_PROFILE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_ITEM] =
    g_param_spec_object ("selected-item", NULL, NULL, CS_TYPE_MEMORY_LINE_ITEM,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CS_TYPE_MEMORY_LINE_ITEM);
  g_type_ensure (CS_TYPE_COLUMN_SORTER);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-cacheline-table.ui");
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, view);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, selection);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, store);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, flag_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, address_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, data_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, sharing_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, samples_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, loads_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, stores_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, threads_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, bytes_column);
  gtk_widget_class_bind_template_child (widget_class, CsCachelineTable, ip_column);
  gtk_widget_class_set_css_name (widget_class, "cs-cacheline-table");
}

static void
cs_cacheline_table_init (CsCachelineTable *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  cs_column_set_cells (self->flag_column, CS_CELL_TEXT, fill_flag, NULL, NULL);
  cs_column_set_text_layout (self->flag_column, GTK_INSCRIPTION_OVERFLOW_CLIP, 1, 1);
  /* The whole address is read, never cut: "0x7ffd12345640 †". */
  cs_column_set_cells (self->address_column, CS_CELL_NUMBER, fill_address, NULL, NULL);
  cs_column_set_text_layout (self->address_column, GTK_INSCRIPTION_OVERFLOW_CLIP, 16, 18);
  cs_column_set_fit_text (self->address_column, 24);
  cs_column_set_cells (self->data_column, CS_CELL_TEXT, fill_data, NULL, NULL);
  cs_column_set_cells (self->sharing_column, CS_CELL_TEXT, fill_sharing, NULL, NULL);
  cs_column_set_cells (self->samples_column, CS_CELL_HEAT, fill_samples, self, NULL);
  cs_column_set_cells (self->loads_column, CS_CELL_NUMBER, fill_loads, NULL, NULL);
  cs_column_set_cells (self->stores_column, CS_CELL_NUMBER, fill_stores, NULL, NULL);
  cs_column_set_cells (self->threads_column, CS_CELL_NUMBER, fill_threads, NULL, NULL);
  cs_column_set_text_layout (self->threads_column, GTK_INSCRIPTION_OVERFLOW_CLIP, 3, 7);
  cs_column_set_cells (self->bytes_column, CS_CELL_TEXT, fill_bytes, NULL, NULL);
  cs_column_set_cells (self->ip_column, CS_CELL_TEXT, fill_ip, NULL, NULL);

  cs_column_view_init_sorting (self->view);
  /* The profile lists the lines hottest first: say so in the header. */
  cs_column_view_sort_by (self->view, self->samples_column, GTK_SORT_DESCENDING);
  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (selected_changed), self);
}
