/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-dialog.c — record a program from the viewer
 *
 * The form maps onto CsRecordOptions (the same options as `cyclescope
 * record`, cs-record-dialog-options.c): a program, or a running process
 * from the list. cs_recorder_new() checks everything that can fail before
 * the program runs and runs nothing, so it is built on every change of the
 * form to show the plan (runs, their events, the expected time) and any
 * error right away. The runs then go through cs_recorder_run_async(), whose
 * progress arrives on the main loop and fills one row per run, while the
 * run list keeps its own clock for the elapsed time. Errors stay in the
 * dialog (never a crash, never a separate modal).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-collector-error.h"
#include "cs-file-chooser.h"
#include "cs-model-registry.h"
#include "cs-record-dialog-private.h"
#include "cs-record-plan.h"

enum { RECORDED, N_SIGNALS };
static guint signals[N_SIGNALS];

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

  /* Late progress after the dialog was closed or the recording ended. */
  if (self->cancellable == NULL || progress->run == 0)
    return;
  cs_record_run_list_update (self->run_list, progress);
}

static void
stop_recording (CsRecordDialog *self,
                const char     *state,
                gboolean        complete)
{
  g_clear_object (&self->cancellable);
  cs_record_run_list_stop (self->run_list, state, complete);
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
  g_clear_object (&self->recorder);

  if (session == NULL)
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          text = g_strdup_printf (_("Recording stopped. The runs that finished were saved in %s "
                                    "(marked incomplete)."), bundle);
          stop_recording (self, _("Recording stopped"), FALSE);
        }
      else
        {
          text = g_strdup (error->message);
          stop_recording (self, _("Recording failed"), FALSE);
        }
      show_error (self, text);
      return;
    }
  stop_recording (self, NULL, TRUE);
  g_signal_emit (self, signals[RECORDED], 0, bundle);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* --- the plan --- */

/* Shows what Record would run with the form as it is: cs_recorder_new()
 * runs nothing, so it is built again after a change (at most every 100 ms,
 * as typing changes an entry per key). Its error is the plan's text. The
 * last plan's recorder is kept until the next one exists: it holds the
 * kernel's perf hooks on (cs-perf-hooks.h), so building the next one does
 * not wait for them on the main thread. */
static gboolean
update_plan (gpointer user_data)
{
  CsRecordDialog *self = user_data;
  g_autoptr(CsRecordOptions) options = NULL;
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(GError) error = NULL;

  self->plan_idle_id = 0;
  if (!(options = _cs_record_dialog_build_options (self, TRUE, &error)) ||
      !(recorder = cs_recorder_new (options, &error)))
    {
      gtk_label_set_text (self->plan_label, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->plan_label), "error");
      gtk_widget_set_visible (GTK_WIDGET (self->plan_runs_label), FALSE);
    }
  else
    {
      g_autofree char *summary = cs_record_plan_summary (recorder, options->n_pids > 0, options->duration);
      g_autofree char *runs = cs_record_plan_runs (recorder);

      gtk_label_set_text (self->plan_label, summary);
      gtk_widget_remove_css_class (GTK_WIDGET (self->plan_label), "error");
      gtk_label_set_text (self->plan_runs_label, runs);
      gtk_widget_set_visible (GTK_WIDGET (self->plan_runs_label), TRUE);
    }
  g_set_object (&self->plan_recorder, recorder);
  return G_SOURCE_REMOVE;
}

/* What `record -p` refuses (repeat, a separate sampling run, regions) is
 * not offered while a running process is chosen. */
static void
update_sensitivity (CsRecordDialog *self)
{
  gboolean attaching = _cs_record_dialog_attaching (self);

  gtk_widget_set_sensitive (GTK_WIDGET (self->repeat_spin),
                            !attaching && gtk_switch_get_active (self->counting_switch));
  gtk_widget_set_sensitive (GTK_WIDGET (self->separate_check),
                            !attaching && gtk_switch_get_active (self->sampling_switch));
  gtk_widget_set_sensitive (GTK_WIDGET (self->regions_switch), !attaching);
}

static void
options_changed (CsRecordDialog *self)
{
  update_sensitivity (self);
  if (self->plan_idle_id == 0 && self->cancellable == NULL)
    self->plan_idle_id = g_timeout_add (100, update_plan, self);
}

/* --- the form --- */

void
cs_record_dialog_start (CsRecordDialog *self)
{
  g_autoptr(CsRecordOptions) options = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *notices;
  g_autofree char *notice_text = NULL;
  double expected;

  g_return_if_fail (CS_IS_RECORD_DIALOG (self));

  if (self->cancellable != NULL)
    return;
  show_error (self, NULL);
  if (!(options = _cs_record_dialog_build_options (self, FALSE, &error)) ||
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

  /* With no output given, the plan was made for the last recording of the
   * name (which gives the estimate), the recording goes to a new one. */
  if (self->plan_idle_id != 0)
    {
      g_clear_handle_id (&self->plan_idle_id, g_source_remove);
      update_plan (self);
    }
  expected = cs_recorder_get_expected_seconds (self->recorder);
  if (isnan (expected) && self->plan_recorder != NULL &&
      cs_recorder_get_n_runs (self->plan_recorder) == cs_recorder_get_n_runs (self->recorder))
    expected = cs_recorder_get_expected_seconds (self->plan_recorder);
  cs_record_run_list_start (self->run_list, cs_recorder_get_n_runs (self->recorder), expected);
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
  g_clear_handle_id (&self->plan_idle_id, g_source_remove);
  g_clear_object (&self->plan_recorder);
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
  g_type_ensure (CS_TYPE_PROCESS_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-record-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, record_button);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, form);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, source_stack);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, program_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, arguments_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, cwd_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, process_list);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, duration_spin);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, output_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, model_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, events_entry);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, counting_switch);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, repeat_spin);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, sampling_switch);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, separate_check);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, frequency_spin);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, call_graph_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, call_graph_hint);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, regs_switch);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, regions_switch);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, skip_events_spin);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, plan_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, plan_runs_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, notices_label);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsRecordDialog, run_list);
  gtk_widget_class_bind_template_callback (widget_class, cs_record_dialog_start);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, call_graph_changed);
  gtk_widget_class_bind_template_callback (widget_class, options_changed);
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
  options_changed (self);
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
