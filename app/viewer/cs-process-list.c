/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-process-list.c — the running processes to attach to: name, PID, user, CPU use
 *
 * The list reads /proc (collector/cs-process-table.c) when it is shown and
 * every two seconds while it is, so the CPU use is that of the last two
 * seconds; it starts sorted by CPU use, the busiest first, since the
 * program one wants to profile is usually the one that keeps a CPU busy.
 * Each refresh replaces the rows; the chosen process stays chosen by its
 * pid, and is forgotten only when it exits or the search hides it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-process-item.h"
#include "cs-process-list.h"
#include "cs-process-table.h"

#define REFRESH_SECONDS 2

struct _CsProcessList
{
  GtkWidget           parent_instance;

  GtkWidget          *box;
  GtkSearchEntry     *search_entry;
  GtkColumnView      *view;
  GtkSingleSelection *selection;
  GtkSortListModel   *sort_model;
  GtkFilterListModel *filter_model;
  GtkStringFilter    *filter;
  GtkColumnViewColumn *cpu_column;
  GtkLabel           *error_label;

  GListStore         *store;
  CsProcessTable     *table;
  GPid                selected_pid;
  guint               refresh_id;
  guint               first_id;
  gboolean            refreshing;
};

enum { PROP_0, PROP_SELECTED_PID, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CsProcessList, cs_process_list, GTK_TYPE_WIDGET)

static void
set_selected_pid (CsProcessList *self,
                  GPid           pid)
{
  if (self->selected_pid == pid)
    return;
  self->selected_pid = pid;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_PID]);
}

/* The row of @pid in what is shown, or GTK_INVALID_LIST_POSITION. */
static guint
find_pid (CsProcessList *self,
          GPid           pid)
{
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CsProcessItem) item = g_list_model_get_item (model, i);

      if (cs_process_item_get_pid (item) == pid)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
refresh (CsProcessList *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint position;

  if (!cs_process_table_refresh (self->table, &error))
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  for (guint i = 0; i < cs_process_table_get_n (self->table); i++)
    g_ptr_array_add (items, cs_process_item_new (cs_process_table_get (self->table, i)));

  self->refreshing = TRUE;
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  position = self->selected_pid != 0 ? find_pid (self, self->selected_pid) : GTK_INVALID_LIST_POSITION;
  gtk_single_selection_set_selected (self->selection, position);
  self->refreshing = FALSE;
  if (position == GTK_INVALID_LIST_POSITION)
    set_selected_pid (self, 0);
}

static gboolean
refresh_timeout (gpointer user_data)
{
  refresh (user_data);
  return G_SOURCE_CONTINUE;
}

/* The first CPU use half a second after the list appears, rather than
 * "…" for a whole refresh period. */
static gboolean
first_refresh (gpointer user_data)
{
  CsProcessList *self = user_data;

  self->first_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

static void
selection_changed (CsProcessList *self)
{
  CsProcessItem *item;

  if (self->refreshing)
    return;
  item = gtk_single_selection_get_selected_item (self->selection);
  set_selected_pid (self, item != NULL ? cs_process_item_get_pid (item) : 0);
}

GPid
cs_process_list_get_selected_pid (CsProcessList *self)
{
  g_return_val_if_fail (CS_IS_PROCESS_LIST (self), 0);
  return self->selected_pid;
}

/* /proc is read only while the list can be seen. */
static void
cs_process_list_map (GtkWidget *widget)
{
  CsProcessList *self = CS_PROCESS_LIST (widget);

  GTK_WIDGET_CLASS (cs_process_list_parent_class)->map (widget);
  refresh (self);
  if (self->first_id == 0)
    self->first_id = g_timeout_add (500, first_refresh, self);
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add_seconds (REFRESH_SECONDS, refresh_timeout, self);
}

static void
cs_process_list_unmap (GtkWidget *widget)
{
  CsProcessList *self = CS_PROCESS_LIST (widget);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_handle_id (&self->first_id, g_source_remove);
  GTK_WIDGET_CLASS (cs_process_list_parent_class)->unmap (widget);
}

static void
cs_process_list_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CsProcessList *self = CS_PROCESS_LIST (object);

  switch (prop_id)
    {
    case PROP_SELECTED_PID:
      g_value_set_int (value, self->selected_pid);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_process_list_dispose (GObject *object)
{
  CsProcessList *self = CS_PROCESS_LIST (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_handle_id (&self->first_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_PROCESS_LIST);
  g_clear_object (&self->store);
  g_clear_pointer (&self->table, cs_process_table_free);
  G_OBJECT_CLASS (cs_process_list_parent_class)->dispose (object);
}

static void
cs_process_list_class_init (CsProcessListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cs_process_list_get_property;
  object_class->dispose = cs_process_list_dispose;
  widget_class->map = cs_process_list_map;
  widget_class->unmap = cs_process_list_unmap;

  properties[PROP_SELECTED_PID] = g_param_spec_int ("selected-pid", NULL, NULL, 0, G_MAXINT, 0,
                                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                    G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CS_TYPE_PROCESS_ITEM);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-process-list.ui");
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, box);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, view);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, selection);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, sort_model);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, filter_model);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, filter);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, cpu_column);
  gtk_widget_class_bind_template_child (widget_class, CsProcessList, error_label);
}

static void
cs_process_list_init (CsProcessList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->table = cs_process_table_new ();
  self->store = g_list_store_new (CS_TYPE_PROCESS_ITEM);
  gtk_filter_list_model_set_model (self->filter_model, G_LIST_MODEL (self->store));
  gtk_sort_list_model_set_sorter (self->sort_model, gtk_column_view_get_sorter (self->view));
  gtk_column_view_sort_by_column (self->view, self->cpu_column, GTK_SORT_DESCENDING);
  /* Bound here rather than in the template: see HACKING.md on expressions
   * that watch a sibling widget. */
  g_object_bind_property (self->search_entry, "text", self->filter, "search", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->selection, "notify::selected-item", G_CALLBACK (selection_changed),
                           self, G_CONNECT_SWAPPED);
}
