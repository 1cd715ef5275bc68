/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-dialog-options.c — the record dialog's form as CsRecordOptions
 *
 * The same options as `cyclescope record`: a program with its arguments
 * and working directory, or a running process chosen in the list with a
 * duration (record -p PID --duration S); then the output, model, events,
 * counting, repeat, sampling and its settings. Mistakes the recorder would
 * not name in the user's terms (an empty program, unbalanced quotes, a
 * missing folder, no process chosen) are caught here.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-record-dialog-private.h"
#include "cs-sampler.h"

/* NAME.cyclescope in @dir, or NAME-2.cyclescope … when a recording of that
 * name exists, so that recording again never overwrites the last one. With
 * @existing, the last of those names that exists instead (NULL if none). */
static char *
default_output (const char *dir,
                const char *program,
                gboolean    existing)
{
  g_autofree char *name = g_path_get_basename (program);
  g_autofree char *last = NULL;

  for (guint i = 1; i < 1000; i++)
    {
      g_autofree char *file = i == 1 ? g_strconcat (name, ".cyclescope", NULL)
                                     : g_strdup_printf ("%s-%u.cyclescope", name, i);
      char *path = g_build_filename (dir, file, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          if (existing)
            {
              g_free (path);
              return g_steal_pointer (&last);
            }
          return path;
        }
      g_free (last);
      last = path;
    }
  return existing ? g_steal_pointer (&last) : g_build_filename (dir, name, NULL);
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

gboolean
_cs_record_dialog_attaching (CsRecordDialog *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->source_stack), "process") == 0;
}

/* argv, cwd and a name for the default output from the "Program" page. */
static gboolean
program_options (CsRecordDialog   *self,
                 CsRecordOptions  *options,
                 char            **name,
                 GError          **error)
{
  g_autofree char *program = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->program_entry))));
  const char *arguments = gtk_editable_get_text (GTK_EDITABLE (self->arguments_entry));
  g_autofree char *trimmed = g_strstrip (g_strdup (arguments));
  g_autofree char *cwd = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->cwd_entry))));
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();
  g_auto(GStrv) args = NULL;

  if (program[0] == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Choose the program to record: type its path or a command, or press Choose…."));
      return FALSE;
    }
  if (trimmed[0] != '\0')
    {
      g_autoptr(GError) local = NULL;

      if (!g_shell_parse_argv (arguments, NULL, &args, &local))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("The arguments cannot be read (%s). Quote words with spaces and close every quote."),
                       local->message);
          return FALSE;
        }
    }
  if (cwd[0] != '\0' && !g_file_test (cwd, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                   _("The working directory “%s” does not exist. Choose an existing folder."), cwd);
      return FALSE;
    }
  g_strv_builder_add (argv, program);
  if (args != NULL)
    g_strv_builder_addv (argv, (const char **) args);
  options->argv = g_strv_builder_end (argv);
  options->cwd = cwd[0] != '\0' ? g_strdup (cwd) : NULL;
  *name = g_steal_pointer (&program);
  return TRUE;
}

/* pids and duration from the "Running process" page. */
static gboolean
process_options (CsRecordDialog   *self,
                 CsRecordOptions  *options,
                 char            **name,
                 GError          **error)
{
  GPid pid = cs_process_list_get_selected_pid (self->process_list);
  g_autofree char *comm_path = NULL;
  g_autofree char *comm = NULL;

  if (pid <= 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Choose the process to record in the list."));
      return FALSE;
    }
  options->pids = g_new (GPid, 1);
  options->pids[0] = pid;
  options->n_pids = 1;
  options->duration = gtk_spin_button_get_value (self->duration_spin);
  comm_path = g_strdup_printf ("/proc/%d/comm", (int) pid);
  if (g_file_get_contents (comm_path, &comm, NULL, NULL))
    g_strstrip (comm);
  /* The name only names the bundle: a process that exited meanwhile is the
   * recorder's error to report. */
  *name = comm != NULL && comm[0] != '\0' && strchr (comm, '/') == NULL
          ? g_steal_pointer (&comm) : g_strdup_printf ("pid-%d", (int) pid);
  return TRUE;
}

CsRecordOptions *
_cs_record_dialog_build_options (CsRecordDialog  *self,
                                 gboolean         for_plan,
                                 GError         **error)
{
  g_autoptr(CsRecordOptions) options = cs_record_options_new ();
  g_autofree char *output = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->output_entry))));
  g_autofree char *name = NULL;
  guint model = gtk_drop_down_get_selected (self->model_dropdown);

  if (_cs_record_dialog_attaching (self) ? !process_options (self, options, &name, error)
                                         : !program_options (self, options, &name, error))
    return NULL;
  if (output[0] != '\0')
    options->output = g_canonicalize_filename (output, options->cwd);
  else
    {
      g_autofree char *dir = options->cwd != NULL ? g_strdup (options->cwd) : g_get_current_dir ();

      if (for_plan)
        options->output = default_output (dir, name, TRUE);
      if (options->output == NULL)
        options->output = default_output (dir, name, FALSE);
    }
  if (model != GTK_INVALID_LIST_POSITION && model > 0 && model - 1 < self->model_ids->len)
    options->model_id = g_strdup (g_ptr_array_index (self->model_ids, model - 1));
  options->events = split_events (gtk_editable_get_text (GTK_EDITABLE (self->events_entry)));
  options->counting = gtk_switch_get_active (self->counting_switch);
  options->repeat = (guint) gtk_spin_button_get_value_as_int (self->repeat_spin);
  options->sampling = gtk_switch_get_active (self->sampling_switch);
  options->separate_sampling = gtk_check_button_get_active (self->separate_check);
  options->frequency = (guint64) gtk_spin_button_get_value_as_int (self->frequency_spin);
  options->callchains = gtk_drop_down_get_selected (self->call_graph_dropdown) != CALL_GRAPH_NONE;
  if (gtk_drop_down_get_selected (self->call_graph_dropdown) == CALL_GRAPH_DWARF)
    options->stack_user = CS_SAMPLER_DEFAULT_STACK_USER;
  options->user_regs = gtk_switch_get_active (self->regs_switch);
  options->regions = gtk_switch_get_active (self->regions_switch);
  /* Refused by record -p, and not offered then (update_sensitivity). */
  if (options->n_pids > 0)
    {
      options->repeat = 1;
      options->separate_sampling = FALSE;
      options->regions = FALSE;
    }
  options->skip_events = options->regions ? (guint64) gtk_spin_button_get_value (self->skip_events_spin) : 0;
  return g_steal_pointer (&options);
}
