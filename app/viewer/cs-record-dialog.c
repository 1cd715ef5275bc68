/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-dialog.c — record a program from the viewer
 *
 * The form maps onto CsRecordOptions (the same options as `cyclescope
 * record`). cs_recorder_new() checks everything that can fail before the
 * program runs, so a wrong event or a missing program is reported in the
 * dialog right away; the runs then go through cs_recorder_run_async(), whose
 * progress arrives on the main loop and fills one row per run. Errors stay in
 * the dialog (never a crash, never a separate modal).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-collector-error.h"
#include "cs-file-chooser.h"
#include "cs-model-registry.h"
#include "cs-record-dialog.h"
#include "cs-record-run-list.h"
#include "cs-record.h"
#include "cs-sampler.h"

struct _CsRecordDialog
{
  GtkWindow        parent_instance;

  GtkButton       *cancel_button;
  GtkButton       *record_button;
  GtkGrid         *form;
  GtkEntry        *program_entry;
  GtkEntry        *arguments_entry;
  GtkEntry        *cwd_entry;
  GtkEntry        *output_entry;
  GtkDropDown     *model_dropdown;
  GtkEntry        *events_entry;
  GtkSpinButton   *frequency_spin;
  GtkDropDown     *call_graph_dropdown;
  GtkLabel        *call_graph_hint;
  GtkSwitch       *regs_switch;
  GtkSwitch       *regions_switch;
  GtkSpinButton   *skip_events_spin;
  GtkRevealer     *error_revealer;
  GtkLabel        *error_label;
  GtkLabel        *notices_label;
  GtkRevealer     *progress_revealer;
  GtkLabel        *overall_label;
  GtkProgressBar  *overall_bar;
  CsRecordRunList *run_list;

  GSettings       *settings;
  GPtrArray       *model_ids;     /* char*, parallel to the dropdown after "Automatic" */
  CsRecorder      *recorder;
  GCancellable    *cancellable;   /* non-NULL while recording */
  char            *error_text;
  GtkNativeDialog *chooser;
  /* Held while recording, so that closing the last window does not end the
   * process before the recorder stopped the program and saved the session. */
  GApplication    *held;
};

enum { RECORDED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The call graph choices, in the dropdown's order, which is the values of
 * the settings' enum (record-call-graph). */
typedef enum
{
  CALL_GRAPH_NONE,
  CALL_GRAPH_FP,
  CALL_GRAPH_DWARF,
} CallGraph;

/* What each costs, beside the choice. */
static void
call_graph_changed (CsRecordDialog *self)
{
  static const char * const hints[] = {
    N_("No callers: the smallest recording."),
    N_("A few words per sample; callers only through code built with frame pointers, which most "
       "libraries are not."),
    N_("About 8 KiB of stack per sample (30 MB a second at 4000 Hz), unwound when the recording is "
       "opened: callers through any code."),
  };
  guint choice = gtk_drop_down_get_selected (self->call_graph_dropdown);

  gtk_label_set_text (self->call_graph_hint, choice < G_N_ELEMENTS (hints) ? _(hints[choice]) : "");
}

G_DEFINE_FINAL_TYPE (CsRecordDialog, cs_record_dialog, GTK_TYPE_WINDOW)

static void
show_error (CsRecordDialog *self,
            const char     *message)
{
  g_free (self->error_text);
  self->error_text = g_strdup (message);
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

static void
set_running (CsRecordDialog *self,
             gboolean        running)
{
  /* Focus must leave an entry before it turns insensitive (GTK warns
   * otherwise), and Stop is what the keyboard wants while recording. */
  if (running)
    gtk_widget_grab_focus (GTK_WIDGET (self->cancel_button));
  gtk_widget_set_sensitive (GTK_WIDGET (self->form), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->record_button), !running);
  gtk_button_set_label (self->cancel_button, running ? _("_Stop") : _("_Cancel"));
}

/* --- progress --- */

static void
on_progress (const CsRecordProgress *progress,
             gpointer                user_data)
{
  CsRecordDialog *self = user_data;
  g_autofree char *overall = NULL;

  /* Late progress after the dialog was closed or the recording ended. */
  if (self->cancellable == NULL || progress->run == 0)
    return;
  cs_record_run_list_update (self->run_list, progress);
  overall = g_strdup_printf (_("Recording: run %u of %u · %.1f s elapsed"),
                             progress->run, progress->n_runs, progress->elapsed);
  gtk_label_set_text (self->overall_label, overall);
  gtk_progress_bar_set_fraction (self->overall_bar,
                                 (double) (progress->run - (progress->finished ? 0 : 1)) / MAX (progress->n_runs, 1));
}

static void
stop_recording (CsRecordDialog *self)
{
  g_clear_object (&self->cancellable);
  cs_record_run_list_stop (self->run_list);
  set_running (self, FALSE);
}

static void
run_done (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(CsRecordDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CsSession) session = cs_recorder_run_finish (CS_RECORDER (source), result, &error);
  g_autofree char *bundle = g_strdup (cs_recorder_get_bundle_path (CS_RECORDER (source)));

  if (self->held != NULL)
    {
      g_application_release (self->held);
      g_clear_object (&self->held);
    }
  /* The dialog was closed meanwhile (its dispose cancelled the recording). */
  if (self->cancellable == NULL)
    return;
  stop_recording (self);
  g_clear_object (&self->recorder);

  if (session == NULL)
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_CANCELLED) ||
          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          text = g_strdup_printf (_("Recording stopped. The runs that finished were saved in %s "
                                    "(marked incomplete)."), bundle);
          gtk_label_set_text (self->overall_label, _("Recording stopped"));
        }
      else
        {
          text = g_strdup (error->message);
          gtk_label_set_text (self->overall_label, _("Recording failed"));
        }
      show_error (self, text);
      return;
    }
  gtk_progress_bar_set_fraction (self->overall_bar, 1.0);
  g_signal_emit (self, signals[RECORDED], 0, bundle);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* --- the form --- */

/* NAME.cyclescope in @dir, or NAME-2.cyclescope … when a recording of that
 * name exists, so that recording again never overwrites the last one. */
static char *
default_output (const char *dir,
                const char *program)
{
  g_autofree char *name = g_path_get_basename (program);

  for (guint i = 1; i < 1000; i++)
    {
      g_autofree char *file = i == 1 ? g_strconcat (name, ".cyclescope", NULL)
                                     : g_strdup_printf ("%s-%u.cyclescope", name, i);
      char *path = g_build_filename (dir, file, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
  return g_build_filename (dir, name, NULL);
}

static char **
split_events (const char *text)
{
  g_auto(GStrv) parts = g_strsplit_set (text != NULL ? text : "", ", \t", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  guint n = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      {
        g_strv_builder_add (builder, parts[i]);
        n++;
      }
  return n > 0 ? g_strv_builder_end (builder) : NULL;
}

static CsRecordOptions *
build_options (CsRecordDialog  *self,
               GError         **error)
{
  g_autoptr(CsRecordOptions) options = cs_record_options_new ();
  g_autofree char *program = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->program_entry))));
  const char *arguments = gtk_editable_get_text (GTK_EDITABLE (self->arguments_entry));
  g_autofree char *trimmed = g_strstrip (g_strdup (arguments));
  g_autofree char *cwd = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->cwd_entry))));
  g_autofree char *output = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->output_entry))));
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();
  g_auto(GStrv) args = NULL;
  guint model = gtk_drop_down_get_selected (self->model_dropdown);

  if (program[0] == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Choose the program to record: type its path or a command, or press Choose…."));
      return NULL;
    }
  if (trimmed[0] != '\0')
    {
      g_autoptr(GError) local = NULL;

      if (!g_shell_parse_argv (arguments, NULL, &args, &local))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("The arguments cannot be read (%s). Quote words with spaces and close every quote."),
                       local->message);
          return NULL;
        }
    }
  if (cwd[0] != '\0' && !g_file_test (cwd, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                   _("The working directory “%s” does not exist. Choose an existing folder."), cwd);
      return NULL;
    }

  g_strv_builder_add (argv, program);
  if (args != NULL)
    g_strv_builder_addv (argv, (const char **) args);
  options->argv = g_strv_builder_end (argv);
  options->cwd = cwd[0] != '\0' ? g_strdup (cwd) : NULL;
  if (output[0] != '\0')
    options->output = g_canonicalize_filename (output, options->cwd);
  else
    {
      g_autofree char *dir = options->cwd != NULL ? g_strdup (options->cwd) : g_get_current_dir ();

      options->output = default_output (dir, program);
    }
  if (model != GTK_INVALID_LIST_POSITION && model > 0 && model - 1 < self->model_ids->len)
    options->model_id = g_strdup (g_ptr_array_index (self->model_ids, model - 1));
  options->events = split_events (gtk_editable_get_text (GTK_EDITABLE (self->events_entry)));
  options->frequency = (guint64) gtk_spin_button_get_value_as_int (self->frequency_spin);
  options->callchains = gtk_drop_down_get_selected (self->call_graph_dropdown) != CALL_GRAPH_NONE;
  if (gtk_drop_down_get_selected (self->call_graph_dropdown) == CALL_GRAPH_DWARF)
    options->stack_user = CS_SAMPLER_DEFAULT_STACK_USER;
  options->user_regs = gtk_switch_get_active (self->regs_switch);
  options->regions = gtk_switch_get_active (self->regions_switch);
  options->skip_events = options->regions ? (guint64) gtk_spin_button_get_value (self->skip_events_spin) : 0;
  return g_steal_pointer (&options);
}

void
cs_record_dialog_start (CsRecordDialog *self)
{
  g_autoptr(CsRecordOptions) options = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *notices;
  g_autofree char *notice_text = NULL;

  g_return_if_fail (CS_IS_RECORD_DIALOG (self));

  if (self->cancellable != NULL)
    return;
  show_error (self, NULL);
  if (!(options = build_options (self, &error)) ||
      !(self->recorder = cs_recorder_new (options, &error)))
    {
      show_error (self, error->message);
      return;
    }
  if (self->settings != NULL)
    {
      g_settings_set_uint (self->settings, "record-frequency", (guint) options->frequency);
      g_settings_set_enum (self->settings, "record-call-graph",
                           (int) gtk_drop_down_get_selected (self->call_graph_dropdown));
      g_settings_set_boolean (self->settings, "record-registers", options->user_regs);
      g_settings_set_boolean (self->settings, "record-regions", options->regions);
    }

  notices = cs_recorder_get_notices (self->recorder);
  notice_text = notices != NULL ? g_strjoinv ("\n", (char **) notices) : NULL;
  gtk_label_set_text (self->notices_label, notice_text != NULL ? notice_text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->notices_label), notice_text != NULL && notice_text[0] != '\0');

  cs_record_run_list_reset (self->run_list, cs_recorder_get_n_runs (self->recorder));
  gtk_label_set_text (self->overall_label, _("Starting…"));
  gtk_progress_bar_set_fraction (self->overall_bar, 0);
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);

  self->cancellable = g_cancellable_new ();
  if ((self->held = g_application_get_default ()) != NULL)
    g_application_hold (g_object_ref (self->held));
  set_running (self, TRUE);
  cs_recorder_run_async (self->recorder, on_progress, g_object_ref (self), g_object_unref,
                         self->cancellable, run_done, g_object_ref (self));
}

static void
cancel_clicked (CsRecordDialog *self)
{
  /* While recording, Stop kills the program; the partial session is kept. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
path_chosen (gpointer              owner,
             GFile                *file,
             GtkFileChooserAction  action)
{
  CsRecordDialog *self = owner;
  gboolean folder = action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER;
  g_autofree char *path = g_file_get_path (file);

  if (path != NULL)
    gtk_editable_set_text (GTK_EDITABLE (folder ? self->cwd_entry : self->program_entry), path);
}

static void
run_chooser (CsRecordDialog       *self,
             GtkFileChooserAction  action)
{
  cs_file_chooser_new (&self->chooser, GTK_WINDOW (self),
                       action == GTK_FILE_CHOOSER_ACTION_OPEN
                       ? _("Choose the Program") : _("Choose the Working Directory"),
                       action, _("_Select"), path_chosen, self);
  gtk_native_dialog_show (self->chooser);
}

static void
choose_program_clicked (CsRecordDialog *self)
{
  run_chooser (self, GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
choose_cwd_clicked (CsRecordDialog *self)
{
  run_chooser (self, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
}

/* "Automatic" first: the recorder picks the host PMU's model (or the
 * software model, and says so) exactly as `cyclescope record` does. */
static void
fill_models (CsRecordDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) models = cs_model_registry_list (cs_model_registry_get_default ());

  gtk_string_list_append (names, _("Automatic (the model for this computer’s PMU)"));
  for (guint i = 0; models != NULL && i < models->len; i++)
    {
      CsModel *model = g_ptr_array_index (models, i);
      g_autofree char *label = g_strdup_printf ("%s — %s", cs_model_get_id (model),
                                                cs_model_get_name (model) ? cs_model_get_name (model) : "");

      gtk_string_list_append (names, label);
      g_ptr_array_add (self->model_ids, g_strdup (cs_model_get_id (model)));
    }
  gtk_drop_down_set_model (self->model_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->model_dropdown, 0);
}

void
cs_record_dialog_set_command (CsRecordDialog *self,
                              const char     *program,
                              const char     *arguments,
                              const char     *working_directory)
{
  g_return_if_fail (CS_IS_RECORD_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->program_entry), program != NULL ? program : "");
  gtk_editable_set_text (GTK_EDITABLE (self->arguments_entry), arguments != NULL ? arguments : "");
  if (working_directory != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->cwd_entry), working_directory);
}

gboolean
cs_record_dialog_is_running (CsRecordDialog *self)
{
  g_return_val_if_fail (CS_IS_RECORD_DIALOG (self), FALSE);

  return self->cancellable != NULL;
}

const char *
cs_record_dialog_get_error (CsRecordDialog *self)
{
  g_return_val_if_fail (CS_IS_RECORD_DIALOG (self), NULL);

  return self->error_text;
}

static void
cs_record_dialog_dispose (GObject *object)
{
  CsRecordDialog *self = CS_RECORD_DIALOG (object);

  /* Closing the dialog stops the program; the recorder saves what it has. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  cs_file_chooser_clear (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_RECORD_DIALOG);
  g_clear_object (&self->recorder);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (cs_record_dialog_parent_class)->dispose (object);
}

static void
cs_record_dialog_finalize (GObject *object)
{
  CsRecordDialog *self = CS_RECORD_DIALOG (object);

  g_clear_pointer (&self->model_ids, g_ptr_array_unref);
  g_free (self->error_text);
  G_OBJECT_CLASS (cs_record_dialog_parent_class)->finalize (object);
}

static void
cs_record_dialog_class_init (CsRecordDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_record_dialog_dispose;
  object_class->finalize = cs_record_dialog_finalize;

  signals[RECORDED] = g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (CS_TYPE_RECORD_RUN_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-record-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, record_button);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, form);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, program_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, arguments_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, cwd_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, output_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, model_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, events_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, frequency_spin);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, call_graph_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, call_graph_hint);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, regs_switch);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, regions_switch);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, skip_events_spin);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, notices_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, overall_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, overall_bar);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, run_list);
  gtk_widget_class_bind_template_callback (widget_class, cs_record_dialog_start);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, call_graph_changed);
  gtk_widget_class_bind_template_callback (widget_class, choose_program_clicked);
  gtk_widget_class_bind_template_callback (widget_class, choose_cwd_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cs_record_dialog_init (CsRecordDialog *self)
{
  g_autofree char *cwd = g_get_current_dir ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->model_ids = g_ptr_array_new_with_free_func (g_free);
  gtk_editable_set_text (GTK_EDITABLE (self->cwd_entry), cwd);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->record_button));
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->program_entry));
  fill_models (self);
  call_graph_changed (self);
}

CsRecordDialog *
cs_record_dialog_new (GtkWindow *parent,
                      GSettings *settings)
{
  CsRecordDialog *self = g_object_new (CS_TYPE_RECORD_DIALOG, "transient-for", parent, NULL);

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      gtk_spin_button_set_value (self->frequency_spin, g_settings_get_uint (settings, "record-frequency"));
      gtk_drop_down_set_selected (self->call_graph_dropdown, (guint) g_settings_get_enum (settings, "record-call-graph"));
      gtk_switch_set_active (self->regs_switch, g_settings_get_boolean (settings, "record-registers"));
      gtk_switch_set_active (self->regions_switch, g_settings_get_boolean (settings, "record-regions"));
    }
  return self;
}
