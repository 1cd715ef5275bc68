/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-window.c — the main window: header bar, banner, progress, pages
 *
 * A window shows one recording. Loading runs in a worker thread
 * (cs_analysis_load_async); its progress is marshalled to the main loop and
 * shown in a bar with a Cancel button, so the window stays responsive. A
 * failure never replaces what is shown: it appears in a banner above it.
 * Actions, dialogs, drag and drop and recent files are in cs-window-actions.c.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-application.h"
#include "cs-file-chooser.h"
#include "cs-viewer-format.h"
#include "cs-window-private.h"

struct _CsLoadState
{
  GWeakRef  window;
  guint     generation;
  char     *path;
  char    **debug_dirs;
  gboolean  baseline;   /* the base of a comparison (cs-window-compare.c) */

  /* Written by the loading thread, read by the main loop. */
  GMutex    lock;
  char     *stage;
  double    fraction;
  gboolean  idle_pending;
};

G_DEFINE_FINAL_TYPE (CsWindow, cs_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_ANALYSIS,
  PROP_COMPARISON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
load_state_clear (CsLoadState *state)
{
  g_weak_ref_clear (&state->window);
  g_free (state->path);
  g_strfreev (state->debug_dirs);
  g_mutex_clear (&state->lock);
  g_free (state->stage);
}

static void
load_state_release (gpointer state)
{
  g_atomic_rc_box_release_full (state, (GDestroyNotify) load_state_clear);
}

/* The window behind @state, if it still exists and still waits for this load. */
static CsWindow *
load_state_get_window (CsLoadState *state)
{
  CsWindow *self = g_weak_ref_get (&state->window);

  if (self != NULL && self->load_generation != state->generation)
    g_clear_object (&self);
  return self;
}

static gboolean
progress_idle (gpointer data)
{
  CsLoadState *state = data;
  g_autoptr(CsWindow) self = load_state_get_window (state);
  g_autofree char *stage = NULL;
  double fraction;

  g_mutex_lock (&state->lock);
  stage = g_steal_pointer (&state->stage);
  fraction = state->fraction;
  state->idle_pending = FALSE;
  g_mutex_unlock (&state->lock);

  if (self == NULL || g_cancellable_is_cancelled (self->load_cancellable))
    return G_SOURCE_REMOVE;
  if (stage != NULL)
    gtk_label_set_text (self->progress_label, stage);
  if (fraction >= 0)
    gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (fraction, 0.0, 1.0));
  else
    gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_REMOVE;
}

/* Runs in the loading thread: keep only the newest report and wake the main
 * loop once, so a chatty loader cannot flood it. */
static void
load_progress (const char *stage,
               double      fraction,
               gpointer    user_data)
{
  CsLoadState *state = user_data;
  gboolean schedule;

  g_mutex_lock (&state->lock);
  if (stage != NULL)
    {
      g_free (state->stage);
      state->stage = g_strdup (stage);
    }
  state->fraction = fraction;
  schedule = !state->idle_pending;
  state->idle_pending = TRUE;
  g_mutex_unlock (&state->lock);

  if (schedule)
    g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, progress_idle,
                                g_atomic_rc_box_acquire (state), load_state_release);
}

/* The title; the sidebar's summary follows through its binding. */
static void
update_title (CsWindow *self)
{
  g_autofree char *title = cs_format_window_title (self->analysis);

  gtk_window_set_title (GTK_WINDOW (self), title);
}

static gboolean
opens_on_regions (CsAnalysis *analysis)
{
  for (guint i = 0; analysis != NULL && i < cs_analysis_get_n_scopes (analysis); i++)
    if (cs_analysis_get_scope (analysis, i)->region_id > 0)
      return TRUE;
  return FALSE;
}

void
_cs_window_set_analysis (CsWindow   *self,
                         CsAnalysis *analysis)
{
  /* A filter of the same recording keeps the page, the dialogs and the
   * filters' history (cs-window-filter.c). */
  gboolean refiltered = self->analysis != NULL && analysis != NULL &&
                        cs_analysis_get_base (self->analysis) == cs_analysis_get_base (analysis);

  if (!g_set_object (&self->analysis, analysis))
    return;
  /* Another recording ends a comparison; a filter compares what it keeps. */
  _cs_window_follow_comparison (self, refiltered);
  /* The pages follow through their bindings in cs-window.ui. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
  update_title (self);
  _cs_window_update_filter (self, !refiltered);
  if (refiltered)
    return;
  /* A recording of regions (record --regions) opens on the table of its
   * regions: that is what it was made for. */
  gtk_stack_set_visible_child_name (self->page_stack, opens_on_regions (analysis) ? "modules" : "overview");
  gtk_stack_set_visible_child_name (self->main_stack, analysis != NULL ? "session" : "empty");
  _cs_window_close_dialogs (self);
  _cs_window_update_actions (self);
}

static void
page_row_selected (CsWindow      *self,
                   GtkListBoxRow *row)
{
  if (row != NULL)
    gtk_stack_set_visible_child_name (self->page_stack, gtk_widget_get_name (GTK_WIDGET (row)));
}

/* A page chosen by a click or Enter on its sidebar row, or by Alt+N: the
 * keyboard goes with it, so that arrows and Enter work in the page at once.
 * (Arrows in the sidebar select pages too but leave the focus there, or
 * the user could not walk past a page.) A page that knows where the
 * keyboard belongs takes it in its grab_focus (the Modules page: the
 * table's selected row); otherwise its first focusable widget gets it. */
static void
focus_page (CsWindow   *self,
            const char *name)
{
  GtkWidget *page = gtk_stack_get_child_by_name (self->page_stack, name);

  if (page == NULL || !gtk_widget_get_mapped (page))
    return;
  if (!gtk_widget_grab_focus (page))
    gtk_widget_child_focus (page, GTK_DIR_TAB_FORWARD);
}

static void
page_row_activated (CsWindow      *self,
                    GtkListBoxRow *row)
{
  focus_page (self, gtk_widget_get_name (GTK_WIDGET (row)));
}

void
cs_window_show_page (CsWindow   *self,
                     const char *name)
{
  g_return_if_fail (CS_IS_WINDOW (self));

  if (self->analysis == NULL || gtk_stack_get_child_by_name (self->page_stack, name) == NULL)
    return;
  gtk_stack_set_visible_child_name (self->page_stack, name);
  focus_page (self, name);
}

/* Alt+1 … Alt+9: the pages in sidebar order (rows of cs-window.ui). */
static gboolean
page_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  CsWindow *self = CS_WINDOW (widget);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->page_list, (int) g_variant_get_uint32 (args));

  if (self->analysis == NULL || row == NULL)
    return FALSE;
  cs_window_show_page (self, gtk_widget_get_name (GTK_WIDGET (row)));
  return TRUE;
}

/* The page changed from elsewhere (Ctrl+F, tests): keep the sidebar in step,
 * and Back (whose meaning is the page's) up to date. */
static void
page_changed (CsWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->page_stack);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->page_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && g_strcmp0 (gtk_widget_get_name (row), name) == 0 &&
        !gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)))
      gtk_list_box_select_row (self->page_list, GTK_LIST_BOX_ROW (row));
  _cs_window_update_actions (self);
}

static void
finish_loading (CsWindow *self)
{
  g_clear_object (&self->load_cancellable);
  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->progress_cancel), TRUE);
  _cs_window_update_actions (self);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  CsLoadState *state = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = cs_analysis_load_finish (result, &error);
  g_autoptr(CsWindow) self = load_state_get_window (state);

  if (self == NULL)
    goto out;

  finish_loading (self);
  if (analysis != NULL && state->baseline)
    _cs_window_compare_loaded (self, analysis);
  else if (analysis != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (state->path);

      _cs_window_set_analysis (self, analysis);
      _cs_window_add_recent (self, file);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *name = g_filename_display_basename (state->path);
      g_autofree char *title = g_strdup_printf (_("Could not open “%s”"), name);
      g_autofree char *details = g_strdup_printf ("%s\n%s", cs_format_error_kind (error), state->path);

      _cs_window_show_error_full (self, title, error->message, details);
    }

out:
  load_state_release (state);
}

void
cs_window_open (CsWindow *self,
                GFile    *file)
{
  g_return_if_fail (CS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  _cs_window_load (self, file, FALSE);
}

void
_cs_window_load (CsWindow *self,
                 GFile    *file,
                 gboolean  baseline)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *stage = NULL;
  CsAnalysisOptions options = { 0 };
  CsLoadState *state;

  g_return_if_fail (CS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  name = g_file_get_parse_name (file);
  if (path == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Could not open “%s”"), name);

      _cs_window_show_error_full (self, title,
                                 _("Only local files can be opened: copy the recording to this computer first."),
                                 NULL);
      return;
    }

  /* A newer open replaces a load in progress. */
  cs_window_cancel_load (self);
  _cs_window_hide_error (self);

  state = g_atomic_rc_box_new0 (CsLoadState);
  g_weak_ref_init (&state->window, self);
  g_mutex_init (&state->lock);
  state->generation = ++self->load_generation;
  state->path = g_strdup (path);
  state->baseline = baseline;
  if (self->settings != NULL)
    {
      state->debug_dirs = g_settings_get_strv (self->settings, "debug-directories");
      options.symbol_limit = g_settings_get_uint (self->settings, "symbol-limit");
    }
  options.debug_dirs = (const char * const *) state->debug_dirs;
  self->load_cancellable = g_cancellable_new ();

  g_clear_pointer (&name, g_free);
  name = g_filename_display_basename (path);
  stage = baseline ? g_strdup_printf (_("Opening the base “%s”…"), name)
                   : g_strdup_printf (_("Opening “%s”…"), name);
  gtk_label_set_text (self->progress_label, stage);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  _cs_window_update_actions (self);

  cs_analysis_load_async (path, &options, load_progress, state, self->load_cancellable,
                          load_done, state);
}

void
cs_window_cancel_load (CsWindow *self)
{
  g_return_if_fail (CS_IS_WINDOW (self));

  if (self->load_cancellable == NULL)
    return;
  /* The worker notices at its next check; its result is dropped because the
   * generation moves on, and the window is usable again right away. */
  g_cancellable_cancel (self->load_cancellable);
  self->load_generation++;
  finish_loading (self);
}

gboolean
cs_window_is_empty (CsWindow *self)
{
  g_return_val_if_fail (CS_IS_WINDOW (self), FALSE);

  return self->analysis == NULL && self->load_cancellable == NULL;
}

CsAnalysis *
cs_window_get_analysis (CsWindow *self)
{
  g_return_val_if_fail (CS_IS_WINDOW (self), NULL);

  return self->analysis;
}




static gboolean
cs_window_close_request (GtkWindow *window)
{
  CsWindow *self = CS_WINDOW (window);

  if (self->settings != NULL)
    {
      int width, height;

      /* GTK 4 keeps the default size in step with the unmaximized size. */
      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
    }
  cs_window_cancel_load (self);
  _cs_window_close_dialogs (self);
  return GTK_WINDOW_CLASS (cs_window_parent_class)->close_request (window);
}

static void
cs_window_constructed (GObject *object)
{
  G_OBJECT_CLASS (cs_window_parent_class)->constructed (object);

  _cs_window_init_actions (CS_WINDOW (object));
}

/* Not in constructed(): "application" is not a construct property, so it is
 * only set after constructed() ran. */
static void
restore_state (CsWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (CS_IS_APPLICATION (application) && cs_application_get_settings (CS_APPLICATION (application)))
    self->settings = g_object_ref (cs_application_get_settings (CS_APPLICATION (application)));
  if (self->settings == NULL)
    return;
  cs_modules_page_bind_settings (self->modules_page, self->settings);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               MAX (g_settings_get_int (self->settings, "window-width"), 360),
                               MAX (g_settings_get_int (self->settings, "window-height"), 300));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
cs_window_dispose (GObject *object)
{
  CsWindow *self = CS_WINDOW (object);

  if (self->load_cancellable != NULL)
    cs_window_cancel_load (self);
  if (self->recent_changed_id != 0)
    g_clear_signal_handler (&self->recent_changed_id, gtk_recent_manager_get_default ());
  cs_file_chooser_clear (&self->chooser);
  g_clear_handle_id (&self->toast_timeout, g_source_remove);
  _cs_window_dispose_filter (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_WINDOW);
  g_clear_object (&self->analysis);
  g_clear_object (&self->comparison);
  g_clear_object (&self->settings);
  g_clear_object (&self->recent_section);
  G_OBJECT_CLASS (cs_window_parent_class)->dispose (object);
}

static void
cs_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, CS_WINDOW (object)->analysis);
      break;
    case PROP_COMPARISON:
      g_value_set_object (value, CS_WINDOW (object)->comparison);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cs_window_class_init (CsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = cs_window_constructed;
  object_class->dispose = cs_window_dispose;
  object_class->get_property = cs_window_get_property;
  window_class->close_request = cs_window_close_request;

  /**
   * CsWindow:analysis:
   *
   * The recording shown, NULL while the window is empty. Every page binds
   * its own :analysis to it in cs-window.ui, so a new page needs no code
   * here.
   */
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, CS_TYPE_ANALYSIS,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CsWindow:comparison:
   *
   * The recording shown compared with a base ("Compare With…",
   * cs-window-compare.c), NULL when not comparing. The Overview, Modules
   * and Call Graph pages follow it as they follow :analysis.
   */
  properties[PROP_COMPARISON] =
    g_param_spec_object ("comparison", NULL, NULL, CS_TYPE_COMPARISON,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CS_TYPE_OVERVIEW_PAGE);
  g_type_ensure (CS_TYPE_MODULES_PAGE);
  g_type_ensure (CS_TYPE_CALL_GRAPH_PAGE);
  g_type_ensure (CS_TYPE_MEMORY_PAGE);
  g_type_ensure (CS_TYPE_TIMELINE_VIEW);
  g_type_ensure (CS_TYPE_SESSION_SUMMARY);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CsWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, open_menu);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, error_title);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, error_message);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, error_details_button);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, error_details);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, progress_cancel);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, toast_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, toast_label);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, page_stack);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, page_list);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, overview_page);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, modules_page);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, call_graph_page);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, memory_page);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, filter_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, filter_chips);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, timeline_expander);
  gtk_widget_class_bind_template_child (widget_class, CsWindow, timeline_view);
  gtk_widget_class_bind_template_callback_full (widget_class, "error_close_clicked",
                                                G_CALLBACK (_cs_window_error_close_clicked));
  gtk_widget_class_bind_template_callback_full (widget_class, "hide_toast", G_CALLBACK (_cs_window_hide_toast));
  gtk_widget_class_bind_template_callback (widget_class, page_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, cs_window_cancel_load);

  _cs_window_class_add_actions (widget_class);
  _cs_window_class_add_filter (widget_class);
  _cs_window_class_add_compare (widget_class);
  for (guint i = 0; i < 9; i++)
    gtk_widget_class_add_binding (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK, page_shortcut, "u", i);
}

static void
cs_window_init (CsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* What the Memory page found, said on the Overview where the user starts.
   * A GBinding, not a <binding> in cs-window.ui: GTK 4.8's expression watch
   * on a sibling page unrefs a weak reference twice when the window is
   * destroyed (a fatal warning in the tests). */
  g_object_bind_property (self->memory_page, "finding", self->overview_page, "finding", G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->page_stack, "notify::visible-child-name", G_CALLBACK (page_changed), self);
  g_signal_connect_swapped (self->page_list, "row-activated", G_CALLBACK (page_row_activated), self);
  g_signal_connect_swapped (self->modules_page, "changed", G_CALLBACK (_cs_window_update_actions), self);
  page_changed (self);
  _cs_window_init_filter (self);
  _cs_window_init_compare (self);
  /* The call graph of the region the user selects in the module table. */
  cs_call_graph_page_follow_table (self->call_graph_page, cs_modules_page_get_module_table (self->modules_page));
}

void
_cs_window_set_comparison (CsWindow     *self,
                           CsComparison *comparison)
{
  if (!g_set_object (&self->comparison, comparison))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARISON]);
  _cs_window_update_actions (self);
}

CsWindow *
cs_window_new (GtkApplication *application)
{
  CsWindow *self = g_object_new (CS_TYPE_WINDOW, "application", application, NULL);

  restore_state (self);
  return self;
}
