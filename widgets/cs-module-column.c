/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-module-column.c — one column of the module table */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-chart-format.h"
#include "cs-module-column.h"
#include "cs-module-row.h"
#include "cs-widgets-util.h"

static void
column_clear (gpointer data)
{
  CsModuleColumn *self = data;

  g_free (self->id);
  g_free (self->title);
  g_free (self->unit);
  g_clear_object (&self->column);
  g_clear_object (&self->sorter);
  g_clear_pointer (&self->cells, g_hash_table_unref);
}

CsModuleColumn *
cs_module_column_ref (CsModuleColumn *self)
{
  return g_rc_box_acquire (self);
}

void
cs_module_column_unref (CsModuleColumn *self)
{
  g_rc_box_release_full (self, column_clear);
}

char *
cs_module_column_format (double      value,
                         const char *unit,
                         int         provenance)
{
  g_autofree char *text = cs_chart_format_value (value, unit);
  const char *marker = cs_provenance_get_marker (provenance);

  if (!isfinite (value) || marker[0] == '\0')
    return g_steal_pointer (&text);
  return g_strconcat (text, " ", marker, NULL);
}

static void
cell_set_sorted (GtkWidget *cell,
                 gboolean   sorted)
{
  if (sorted)
    gtk_widget_add_css_class (cell, "cs-sorted");
  else
    gtk_widget_remove_css_class (cell, "cs-sorted");
}

void
cs_module_column_set_sorted (CsModuleColumn *self,
                             gboolean        sorted)
{
  GHashTableIter iter;
  gpointer cell;

  self->sorted = sorted;
  g_hash_table_iter_init (&iter, self->cells);
  while (g_hash_table_iter_next (&iter, &cell, NULL))
    cell_set_sorted (cell, sorted);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            CsModuleColumn           *self)
{
  GtkWidget *cell;

  if (self->key == CS_MODULE_SORT_SAMPLES)
    cell = cs_heat_cell_new ();
  else
    {
      cell = gtk_inscription_new (NULL);
      gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
      /* Columns are as wide as their cells' natural width: room for a
       * ten-digit cycle count with separators and unit. */
      if (self->key == CS_MODULE_SORT_NAME)
        {
          gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 12);
          gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 24);
        }
      else
        {
          gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), 1.0);
          gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 8);
          gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 18);
          gtk_widget_add_css_class (cell, "numeric");
        }
    }
  cs_cell_tooltip_init (cell);
  gtk_list_item_set_child (item, cell);
}

static void
bind_name (CsModuleColumn *self,
           CsModuleRow    *row,
           GtkWidget      *cell)
{
  const char *path = cs_module_row_get_path (row);

  gtk_inscription_set_text (GTK_INSCRIPTION (cell), cs_module_row_get_name (row));
  if (cs_module_row_get_kind (row) == CS_SCOPE_REGION)
    cs_cell_tooltip_take (cell, g_strdup (_("Region: counted while the program ran inside it")));
  else
    cs_cell_tooltip_take (cell, g_strdup (path != NULL ? path : cs_module_row_get_name (row)));
}

static void
bind_samples (CsModuleColumn *self,
              CsModuleRow    *row,
              GtkWidget      *cell)
{
  g_autofree char *share = NULL;
  g_autofree char *count = NULL;
  g_autofree char *tooltip = NULL;

  if (cs_module_row_get_kind (row) == CS_SCOPE_REGION && cs_module_row_get_n_samples (row) == 0)
    {
      /* Regions are counted; sampled only when recorded with --regions. */
      cs_heat_cell_set (CS_HEAT_CELL (cell), 0, CS_CHART_NO_VALUE);
      cs_cell_tooltip_take (cell, g_strdup (_("Regions are counted, not sampled")));
      return;
    }
  share = cs_widgets_format_percent (cs_module_row_get_sample_share (row));
  count = cs_chart_format_grouped ((double) cs_module_row_get_n_samples (row), 0);
  cs_heat_cell_set (CS_HEAT_CELL (cell), cs_module_row_get_sample_share (row), share);
  /* Translators: "1,234 samples (12.3 % of the default event's samples)" */
  tooltip = g_strdup_printf (_("%s samples (%s of the sampled event)"), count, share);
  cs_cell_tooltip_take (cell, g_steal_pointer (&tooltip));
}

static void
bind_metric (CsModuleColumn *self,
             CsModuleRow    *row,
             GtkWidget      *cell)
{
  double value = cs_module_row_get_value (row, self->key);
  CsProvenance provenance = cs_module_row_get_provenance (row, self->key);
  g_autofree char *text = cs_module_column_format (value, self->unit, provenance);
  g_autofree char *full = cs_chart_format_value (value, self->unit);
  const char *marker = cs_provenance_get_marker (provenance);
  PangoAttrList *attrs = NULL;
  char *tooltip;

  /* The marker is quieter than the number: it qualifies it. Attributes
   * rather than markup, which would be parsed for every cell bound. */
  if (isfinite (value) && marker[0] != '\0')
    {
      PangoAttribute *alpha = pango_attr_foreground_alpha_new (0.6 * G_MAXUINT16);

      alpha->start_index = strlen (text) - strlen (marker);
      alpha->end_index = strlen (text);
      attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, alpha);
    }
  gtk_inscription_set_text (GTK_INSCRIPTION (cell), text);
  gtk_inscription_set_attributes (GTK_INSCRIPTION (cell), attrs);
  g_clear_pointer (&attrs, pango_attr_list_unref);

  if (isfinite (value))
    tooltip = g_strdup_printf ("%s: %s\n%s", self->title, full, cs_provenance_get_sentence (provenance));
  else
    tooltip = g_strdup_printf (_("%s: no value (an event it needs was not measured, or a division by zero)"),
                               self->title);
  cs_cell_tooltip_take (cell, tooltip);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           CsModuleColumn           *self)
{
  CsModuleRow *row = gtk_list_item_get_item (item);
  GtkWidget *cell = gtk_list_item_get_child (item);

  if (row == NULL || cell == NULL)
    return;
  if (self->key == CS_MODULE_SORT_NAME)
    bind_name (self, row, cell);
  else if (self->key == CS_MODULE_SORT_SAMPLES)
    bind_samples (self, row, cell);
  else
    bind_metric (self, row, cell);
  cell_set_sorted (cell, self->sorted);
  g_hash_table_add (self->cells, cell);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             CsModuleColumn           *self)
{
  GtkWidget *cell = gtk_list_item_get_child (item);

  if (cell != NULL)
    g_hash_table_remove (self->cells, cell);
}

static void
teardown_cell (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               CsModuleColumn           *self)
{
  GtkWidget *cell = gtk_list_item_get_child (item);

  if (cell != NULL)
    g_hash_table_remove (self->cells, cell);
}

CsModuleColumn *
cs_module_column_new (int                  key,
                      const char          *id,
                      const char          *title,
                      const char          *unit,
                      GtkColumnViewColumn *column)
{
  CsModuleColumn *self = g_rc_box_new0 (CsModuleColumn);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->key = key;
  self->id = g_strdup (id);
  self->title = g_strdup (title);
  self->unit = g_strdup (unit);
  self->cells = g_hash_table_new (NULL, NULL);
  self->sorter = cs_module_sorter_new (key, FALSE);

  /* Each handler holds the column, so a cell unbound after the table let go
   * of it still finds it. */
  g_signal_connect_data (factory, "setup", G_CALLBACK (setup_cell),
                         cs_module_column_ref (self), (GClosureNotify) cs_module_column_unref, 0);
  g_signal_connect_data (factory, "bind", G_CALLBACK (bind_cell),
                         cs_module_column_ref (self), (GClosureNotify) cs_module_column_unref, 0);
  g_signal_connect_data (factory, "unbind", G_CALLBACK (unbind_cell),
                         cs_module_column_ref (self), (GClosureNotify) cs_module_column_unref, 0);
  g_signal_connect_data (factory, "teardown", G_CALLBACK (teardown_cell),
                         cs_module_column_ref (self), (GClosureNotify) cs_module_column_unref, 0);

  if (column == NULL)
    {
      column = gtk_column_view_column_new (title, factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      self->column = column;
    }
  else
    {
      gtk_column_view_column_set_factory (column, factory);
      self->column = g_object_ref (column);
      g_object_unref (factory);
    }
  gtk_column_view_column_set_sorter (self->column, GTK_SORTER (self->sorter));
  return self;
}
