/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-window-actions.c — what the window does: open, record, export, navigate
 *
 * The window's actions are installed on its class under the "win." prefix
 * (gtk_widget_class_install_action), so that menus, buttons, the pages and
 * the accelerators set by CsApplication all reach them by the names the
 * shortcuts window lists.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-export-dialog.h"
#include "cs-file-chooser.h"
#include "cs-record-dialog.h"
#include "cs-widgets-util.h"
#include "cs-viewer-format.h"
#include "cs-window-private.h"

#define RECENT_GROUP "cyclescope"
#define RECENT_MAX   8

/* --- opening --- */

static void
open_chosen (gpointer              owner,
             GFile                *file,
             GtkFileChooserAction  action)
{
  g_autofree char *name = g_file_get_basename (file);

  /* Choosing the session.json inside a bundle means the bundle. */
  if (g_strcmp0 (name, "session.json") == 0)
    {
      g_autoptr(GFile) parent = g_file_get_parent (file);

      if (parent != NULL)
        {
          cs_window_open (owner, parent);
          return;
        }
    }
  cs_window_open (owner, file);
}

static void
run_open_chooser (CsWindow             *self,
                  GtkFileChooserAction  action)
{
  GtkFileChooserNative *native;

  /* A chooser opens either files or folders, so bundles (folders) get
   * their own entry; picking a bundle's session.json in the file chooser
   * works too. */
  native = cs_file_chooser_new (&self->chooser, GTK_WINDOW (self),
                                action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
                                ? _("Open a Session Folder") : _("Open a Recording"),
                                action, _("_Open"), open_chosen, self);
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    cs_file_chooser_add_recording_filters (native, TRUE);
  gtk_native_dialog_show (self->chooser);
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  run_open_chooser (CS_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
open_folder_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  run_open_chooser (CS_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
}

static void
open_recent_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  cs_window_open (CS_WINDOW (widget), file);
}

/* Drag and drop: the first file replaces what this window shows, the others
 * get windows of their own (as `cyclescope A B` does). */
static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         gpointer       user_data)
{
  CsWindow *self = user_data;
  GSList *files;
  g_autoptr(GPtrArray) rest = g_ptr_array_new ();

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  cs_window_open (self, files->data);
  for (GSList *l = files->next; l != NULL; l = l->next)
    g_ptr_array_add (rest, l->data);
  if (rest->len > 0)
    g_application_open (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                        (GFile **) rest->pdata, rest->len, "");
  g_slist_free (files);
  return TRUE;
}

/* --- recent recordings --- */

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo **) a;
  GtkRecentInfo *ib = *(GtkRecentInfo **) b;

  return -g_date_time_compare (gtk_recent_info_get_modified (ia), gtk_recent_info_get_modified (ib));
}

void
_cs_window_update_recent (CsWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GPtrArray) ours = g_ptr_array_new ();

  for (GList *l = items; l != NULL; l = l->next)
    if (gtk_recent_info_has_group (l->data, RECENT_GROUP))
      g_ptr_array_add (ours, l->data);
  g_ptr_array_sort (ours, compare_recent);

  g_menu_remove_all (self->recent_section);
  for (guint i = 0; i < ours->len && i < RECENT_MAX; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (ours, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_section, item);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);

  /* The section (and its heading) shows only when there is something in it. */
  if (g_menu_model_get_n_items (G_MENU_MODEL (self->open_menu)) > 1)
    g_menu_remove (self->open_menu, 1);
  if (g_menu_model_get_n_items (G_MENU_MODEL (self->recent_section)) > 0)
    g_menu_append_section (self->open_menu, _("Recent Recordings"), G_MENU_MODEL (self->recent_section));
}

void
_cs_window_add_recent (CsWindow *self,
                      GFile    *file)
{
  static const char *groups[] = { RECENT_GROUP, NULL };
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *path = g_file_get_path (file);
  GtkRecentData data = { 0 };

  data.display_name = name;
  data.mime_type = (char *) (path != NULL && g_file_test (path, G_FILE_TEST_IS_DIR)
                             ? "inode/directory" : "application/x-perf-data");
  data.app_name = (char *) "cyclescope";
  data.app_exec = (char *) "cyclescope %u";
  data.groups = (char **) groups;
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
recent_changed (GtkRecentManager *manager,
                gpointer          user_data)
{
  _cs_window_update_recent (user_data);
}

/* --- recording and exporting --- */

static void
on_recorded (CsRecordDialog *dialog,
             const char     *bundle_path,
             gpointer        user_data)
{
  g_autoptr(GFile) file = g_file_new_for_path (bundle_path);

  cs_window_open (user_data, file);
}

static void
record_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);

  if (self->record_dialog == NULL)
    {
      self->record_dialog = GTK_WINDOW (cs_record_dialog_new (GTK_WINDOW (self), self->settings));
      g_object_add_weak_pointer (G_OBJECT (self->record_dialog), (gpointer *) &self->record_dialog);
      g_signal_connect_object (self->record_dialog, "recorded", G_CALLBACK (on_recorded), self, 0);
    }
  gtk_window_present (self->record_dialog);
}

static void
show_export_dialog (CsWindow   *self,
                    const char *chart_id)
{
  if (self->analysis == NULL)
    return;
  if (self->export_dialog != NULL)
    gtk_window_destroy (self->export_dialog);
  self->export_dialog = GTK_WINDOW (cs_export_dialog_new (GTK_WINDOW (self), self->analysis,
                                                          chart_id, self->settings));
  if (self->comparison != NULL)
    cs_export_dialog_set_base (CS_EXPORT_DIALOG (self->export_dialog), cs_comparison_get_base (self->comparison));
  g_object_add_weak_pointer (G_OBJECT (self->export_dialog), (gpointer *) &self->export_dialog);
  gtk_window_present (self->export_dialog);
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  show_export_dialog (CS_WINDOW (widget), NULL);
}

static void
export_chart_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  const char *id = g_variant_get_string (parameter, NULL);

  show_export_dialog (CS_WINDOW (widget), id[0] != '\0' ? id : NULL);
}

static void
export_grid_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(CsWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  g_autofree char *path = cs_export_charts_finish (result, &error);

  if (path == NULL)
    _cs_window_show_error_full (self, _("Could not export the charts"), error->message, NULL);
  else
    cs_export_charts_confirm (GTK_WIDGET (self), path);
}

static void
export_grid_response (GtkNativeDialog *dialog,
                      int              response,
                      gpointer         user_data)
{
  CsWindow *self = user_data;
  g_autoptr(GFile) file = NULL;
  int width = 1200, height = 800, scale = 2;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
  if (file == NULL || self->analysis == NULL)
    return;

  if (self->settings != NULL)
    {
      width = g_settings_get_int (self->settings, "export-width");
      height = g_settings_get_int (self->settings, "export-height");
      scale = g_settings_get_int (self->settings, "export-scale");
    }
  /* What you see is what you export: the window's light or dark palette. */
  cs_export_charts_compare_async (self->analysis,
                                  self->comparison != NULL ? cs_comparison_get_base (self->comparison) : NULL,
                                  NULL, cs_widgets_get_theme (GTK_WIDGET (self)),
                                  CS_EXPORT_PNG, width, height, scale, file, NULL,
                                  export_grid_done, g_object_ref (self));
}

/* One click from the header: the whole grid as PNG with the last size and scale. */
static void
export_grid_png_activated (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);
  GtkFileChooserNative *native;
  g_autofree char *program = NULL;
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;

  if (self->analysis == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);

  program = cs_format_program (self->analysis);
  base = g_path_get_basename (program);
  name = g_strdup_printf ("%s-charts.png", base);
  native = gtk_file_chooser_native_new (_("Export All Charts as PNG"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (export_grid_response), self);
  self->chooser = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->chooser);
}

/* --- navigation --- */

static void
filter_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);

  gtk_stack_set_visible_child_name (self->page_stack, "modules");
  cs_modules_page_focus_filter (self->modules_page);
}

static void
back_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);

  const char *page = gtk_stack_get_visible_child_name (self->page_stack);

  if (g_strcmp0 (page, "modules") == 0)
    cs_modules_page_go_back (self->modules_page);
  else if (g_strcmp0 (page, "call-graph") == 0)
    cs_call_graph_page_go_back (self->call_graph_page);
}

static void
close_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* A page by name ("overview", "modules", "call-graph", "memory"), as Alt+N does. */
static void
show_page_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  cs_window_show_page (CS_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* An instruction activated on the Memory page: its disassembly on the
 * Modules page. Parameter: (module path, symbol start, address). */
static void
show_code_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);
  const char *module_path = NULL;
  guint64 symbol_start = 0, address = 0;
  const char *region = NULL;

  g_variant_get (parameter, "(&stt)", &module_path, &symbol_start, &address);
  /* From a call graph of one region: that region's samples (issue 15). */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->page_stack), "call-graph") == 0)
    region = cs_call_graph_page_get_region (self->call_graph_page);
  cs_window_show_page (self, "modules");
  if (region != NULL ? !cs_modules_page_show_region_code (self->modules_page, region, module_path,
                                                          symbol_start, address)
                     : !cs_modules_page_show_code (self->modules_page, module_path, symbol_start, address))
    {
      g_autofree char *name = g_path_get_basename (module_path);
      g_autofree char *message =
        /* TRANSLATORS: %s is a module, e.g. "libfoo.so" */
        g_strdup_printf (_("The instruction's function is not among the hot symbols of %s in "
                           "this recording's samples: pick it in the Modules page, or raise "
                           "the number of hot symbols shown."), name);

      cs_window_show_error (self, message);
    }
}

/* What a page or a pane has to say: a confirmation (a toast) or a failure
 * (the error banner). */
static void
show_message_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  _cs_window_show_toast (CS_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
show_error_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  cs_window_show_error (CS_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* Actions that need a recording are off without one, so menus and
 * shortcuts say so instead of doing nothing. */
void
_cs_window_update_actions (CsWindow *self)
{
  static const char *need_analysis[] = {
    "win.export", "win.export-chart", "win.export-grid-png", "win.filter", "win.show-code",
    "win.compare-with",
  };
  gboolean has = self->analysis != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (need_analysis); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), need_analysis[i], has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-comparing", self->comparison != NULL);
  /* Back walks up the Modules page's drill-down (nothing to do at the top)
   * or the Call Graph page's functions shown. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.back",
                                 has && (g_strcmp0 (gtk_stack_get_visible_child_name (self->page_stack),
                                                    "call-graph") == 0 ||
                                         cs_modules_page_get_level (self->modules_page) != CS_DRILL_TABLE));
}

void
_cs_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_activated);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_activated);
  gtk_widget_class_install_action (widget_class, "win.record", NULL, record_activated);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "win.export-chart", "s", export_chart_activated);
  gtk_widget_class_install_action (widget_class, "win.export-grid-png", NULL, export_grid_png_activated);
  gtk_widget_class_install_action (widget_class, "win.filter", NULL, filter_activated);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_activated);
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_activated);
  gtk_widget_class_install_action (widget_class, "win.show-code", "(stt)", show_code_activated);
  gtk_widget_class_install_action (widget_class, "win.show-message", "s", show_message_activated);
  gtk_widget_class_install_action (widget_class, "win.show-error", "s", show_error_activated);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_activated);
}

void
_cs_window_close_dialogs (CsWindow *self)
{
  /* An export dialog shows the charts of the recording that was open. */
  if (self->export_dialog != NULL)
    gtk_window_destroy (self->export_dialog);
}

void
_cs_window_init_actions (CsWindow *self)
{
  GtkDropTarget *drop;

  _cs_window_update_actions (self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  self->recent_section = g_menu_new ();
  self->recent_changed_id = g_signal_connect (gtk_recent_manager_get_default (), "changed",
                                              G_CALLBACK (recent_changed), self);
  _cs_window_update_recent (self);
}
