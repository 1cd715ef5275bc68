/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-record-dialog.c — the record dialog's plan, estimate, clock and process list
 *
 * estimate: `cyclescope record` a small workload (argv[2]) into a bundle,
 * then aim the dialog at the same command and output. The plan must name
 * the number of runs that recording had and estimate runs × the mean wall
 * time of its runs, both read here from its session.json (a sampling run
 * that shared a counting run counted once). Asking for sampling in a run of
 * its own must add a run (and double the estimate), switching sampling off
 * must drop it again.
 * elapsed: records `cat FIFO` twice (sampling in a run of its own), which
 * blocks until this test opens the FIFO for writing and closes it. While
 * the first run is still blocked the elapsed time must have changed and
 * reached 2 s — the recorder reports nothing during a run, so only the
 * dialog's own clock can do that — and the running row must show its time;
 * then both runs are released and the recording must complete.
 * process-list: a child this test forks and names is listed in the
 * "Running process" page with its pid and name; the search keeps it for its
 * name and pid and hides it for another text; rows are sorted by CPU use;
 * choosing it gives the plan of `record -p` (one run, until Stop, then for
 * the duration set), and recording it for a second saves a complete session.
 */
#include "config.h"

#include <fcntl.h>
#include <json.h>
#include <math.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "cs-process-item.h"
#include "cs-process-list.h"
#include "cs-record-dialog.h"
#include "cs-record-run-list.h"
#include "cs-test-app.h"
#include "cs-test-viewer.h"

static const char *cyclescope;
static const char *workload;

typedef struct
{
  char      *dir;
  char      *bundle;
  char      *fifo;
  guint      expected_runs;   /* estimate: from the CLI recording's session.json */
  double     run_seconds;
  GPid       child;           /* process-list */
  char      *child_name;      /* unique to this test process: no other test's child matches */
  GPtrArray *seen;            /* elapsed: the elapsed texts shown during run 1 */
} Fixture;

/* Opens the record dialog from the window; NULL until it is shown. */
static CsRecordDialog *
open_dialog (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  CsRecordDialog *dialog = (CsRecordDialog *) cs_test_find_toplevel (CS_TYPE_RECORD_DIALOG);

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return NULL;
  if (dialog == NULL && app->stage == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.record", NULL);
      app->stage = 1;
    }
  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog)) ? dialog : NULL;
}

static gpointer
child_of (CsRecordDialog *dialog,
          const char     *name)
{
  return cs_test_child (dialog, CS_TYPE_RECORD_DIALOG, name);
}

/* --- estimate --- */

/* The number at the start of "3 runs · about 6.1 s (…)" and the one after "about". */
static void
read_plan (CsRecordDialog *dialog,
           guint          *runs,
           double         *seconds)
{
  const char *text = cs_test_label (dialog, CS_TYPE_RECORD_DIALOG, "plan_label");
  const char *about = strstr (text, "about ");

  *runs = (guint) g_ascii_strtoull (text, NULL, 10);
  *seconds = about != NULL ? g_ascii_strtod (about + 6, NULL) : NAN;
}

static gboolean
step_estimate (CsTestApp *app)
{
  Fixture *f = app->data;
  CsRecordDialog *dialog = open_dialog (app);
  const char *plan, *runs_text;
  guint runs;
  double seconds;

  if (dialog == NULL)
    return FALSE;
  plan = cs_test_label (dialog, CS_TYPE_RECORD_DIALOG, "plan_label");
  runs_text = cs_test_label (dialog, CS_TYPE_RECORD_DIALOG, "plan_runs_label");
  read_plan (dialog, &runs, &seconds);
  switch (app->stage)
    {
    case 1:
      cs_record_dialog_set_command (dialog, workload, "spin 0.2", f->dir);
      gtk_editable_set_text (GTK_EDITABLE (child_of (dialog, "output_entry")), f->bundle);
      app->stage = 2;
      return FALSE;

    case 2:
      /* The plan follows the form from an idle: wait for the estimate. */
      if (strstr (plan, "about ") == NULL || isnan (seconds))
        return FALSE;
      g_test_message ("plan: %s\n%s", plan, runs_text);
      g_assert_cmpuint (runs, ==, f->expected_runs);
      g_assert_cmpfloat_with_epsilon (seconds, f->expected_runs * f->run_seconds, 0.051);
      g_assert_nonnull (strstr (runs_text, "sampling"));
      {
        g_auto(GStrv) lines = g_strsplit (runs_text, "\n", -1);

        g_assert_cmpuint (g_strv_length (lines), ==, f->expected_runs);
      }
      if (cs_test_app_screenshot (app, GTK_WINDOW (dialog), "app-record-dialog-plan") == FALSE)
        return FALSE;
      gtk_check_button_set_active (child_of (dialog, "separate_check"), TRUE);
      app->stage = 3;
      return FALSE;

    case 3:
      /* Sampling in a run of its own: one more run, the estimate with it. */
      if (runs == f->expected_runs)
        return FALSE;
      g_assert_cmpuint (runs, ==, f->expected_runs + 1);
      g_assert_cmpfloat_with_epsilon (seconds, (f->expected_runs + 1) * f->run_seconds, 0.051);
      g_assert_true (g_str_has_suffix (runs_text, "Run 2: sampling cpu-clock at 1000 Hz"));
      gtk_switch_set_active (child_of (dialog, "sampling_switch"), FALSE);
      /* Both off is not offered. */
      g_assert_false (gtk_widget_get_sensitive (child_of (dialog, "counting_switch")));
      app->stage = 4;
      return FALSE;

    default:
      if (runs == f->expected_runs + 1)
        return FALSE;
      g_assert_cmpuint (runs, ==, f->expected_runs);
      g_assert_null (strstr (runs_text, "sampling"));
      return TRUE;
    }
}

static void
test_estimate (void)
{
  g_autofree char *tmp = cs_test_mkdtemp ();
  Fixture f = { 0 };
  json_object *root, *runs, *sruns;
  double sum = 0;
  guint n = 0;

  f.dir = g_canonicalize_filename (tmp, NULL);
  f.bundle = g_build_filename (f.dir, "spin.cyclescope", NULL);
  {
    const char *argv[] = { cyclescope, "record", "-o", f.bundle, "--", workload, "spin", "0.2", NULL };
    g_autofree char *err = NULL;
    g_autofree char *out = NULL;
    int status;

    out = cs_test_run_env (argv, NULL, &err, &status);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("cyclescope record failed: %s", err);
  }
  /* The previous recording's runs, read independently of the collector. */
  {
    g_autofree char *json = g_build_filename (f.bundle, "session.json", NULL);

    root = json_object_from_file (json);
    g_assert_nonnull (root);
  }
  g_assert_true (json_object_object_get_ex (root, "runs", &runs));
  for (size_t i = 0; i < json_object_array_length (runs); i++)
    {
      json_object *run = json_object_array_get_idx (runs, i);

      g_assert_cmpstr (json_object_get_string (json_object_object_get (run, "status")), ==, "ok");
      sum += json_object_get_double (json_object_object_get (run, "wall_seconds"));
      n++;
    }
  if (json_object_object_get_ex (root, "sampling_runs", &sruns))
    for (size_t i = 0; i < json_object_array_length (sruns); i++)
      {
        json_object *run = json_object_array_get_idx (sruns, i);

        if (json_object_object_get (run, "counting_run") != NULL)
          continue;   /* counted once, as its counting run */
        sum += json_object_get_double (json_object_object_get (run, "wall_seconds"));
        n++;
      }
  json_object_put (root);
  g_assert_cmpuint (n, >, 0);
  f.expected_runs = n;
  f.run_seconds = sum / n;

  cs_test_app_run (NULL, step_estimate, &f);
  cs_test_rmdir (tmp);
  g_free (f.dir);
  g_free (f.bundle);
}

/* --- elapsed --- */

static gboolean
is_running_row (GtkWidget     *widget,
                gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

/* Lets the blocked `cat FIFO` finish: opening for writing waits until cat
 * has the FIFO open for reading, closing gives it end of file. */
static void
release (const char *fifo)
{
  int fd = open (fifo, O_WRONLY);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
}

static gboolean
step_elapsed (CsTestApp *app)
{
  Fixture *f = app->data;
  CsRecordDialog *dialog = open_dialog (app);
  CsRecordRunList *list;
  const char *overall, *elapsed;

  if (app->stage == 4)
    {
      /* Done when the dialog closed itself after saving. */
      if (dialog != NULL)
        {
          if (!cs_record_dialog_is_running (dialog) && cs_record_dialog_get_error (dialog) != NULL)
            g_error ("recording failed: %s", cs_record_dialog_get_error (dialog));
          return FALSE;
        }
      return TRUE;
    }
  if (dialog == NULL)
    return FALSE;
  list = child_of (dialog, "run_list");
  overall = cs_test_label (list, CS_TYPE_RECORD_RUN_LIST, "overall_label");
  elapsed = cs_test_label (list, CS_TYPE_RECORD_RUN_LIST, "elapsed_label");
  switch (app->stage)
    {
    case 1:
      cs_record_dialog_set_command (dialog, "cat", f->fifo, f->dir);
      gtk_editable_set_text (GTK_EDITABLE (child_of (dialog, "output_entry")), f->bundle);
      gtk_check_button_set_active (child_of (dialog, "separate_check"), TRUE);
      cs_record_dialog_start (dialog);
      g_assert_cmpstr (cs_record_dialog_get_error (dialog), ==, NULL);
      g_assert_true (cs_record_dialog_is_running (dialog));
      app->stage = 2;
      return FALSE;

    case 2:
      g_assert_true (cs_record_dialog_is_running (dialog));
      if (!g_str_equal (overall, "Recording: run 1 of 2"))
        {
          /* Only "Starting…" may come before the first run. */
          g_assert_cmpstr (overall, ==, "Starting…");
          return FALSE;
        }
      if (f->seen->len == 0 || !g_str_equal (g_ptr_array_index (f->seen, f->seen->len - 1), elapsed))
        g_ptr_array_add (f->seen, g_strdup (elapsed));
      if (g_ascii_strtoull (elapsed, NULL, 10) < 2)
        return FALSE;
      /* Still in run 1 (cat cannot end before release()), and the clock moved. */
      g_test_message ("elapsed during run 1: %u texts, last “%s”", f->seen->len, elapsed);
      g_assert_cmpuint (f->seen->len, >=, 2);
      g_assert_true (g_str_has_suffix (elapsed, " s elapsed"));
      g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (list), is_running_row, "Run 1 of 2 — "));
      release (f->fifo);
      app->stage = 3;
      return FALSE;

    case 3:
      if (!g_str_equal (overall, "Recording: run 2 of 2"))
        return FALSE;
      release (f->fifo);
      app->stage = 4;
      return FALSE;

    default:
      return FALSE;
    }
}

static void
test_elapsed (void)
{
  g_autofree char *tmp = cs_test_mkdtemp ();
  g_autofree char *json = NULL;
  json_object *root, *member;
  Fixture f = { 0 };

  f.dir = g_canonicalize_filename (tmp, NULL);
  f.bundle = g_build_filename (f.dir, "cat.cyclescope", NULL);
  f.fifo = g_build_filename (f.dir, "release", NULL);
  f.seen = g_ptr_array_new_with_free_func (g_free);
  g_assert_cmpint (mkfifo (f.fifo, 0600), ==, 0);

  cs_test_app_run (NULL, step_elapsed, &f);

  json = g_build_filename (f.bundle, "session.json", NULL);
  root = json_object_from_file (json);
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "complete", &member));
  g_assert_true (json_object_get_boolean (member));
  g_assert_true (json_object_object_get_ex (root, "runs", &member));
  g_assert_cmpuint (json_object_array_length (member), ==, 1);
  g_assert_true (json_object_object_get_ex (root, "sampling_runs", &member));
  g_assert_cmpuint (json_object_array_length (member), ==, 1);
  json_object_put (root);

  cs_test_rmdir (tmp);
  g_ptr_array_unref (f.seen);
  g_free (f.dir);
  g_free (f.bundle);
  g_free (f.fifo);
}

/* --- process list --- */

/* The shown rows' pids and whether @pid is among them; checks the order
 * by CPU use, busiest first, on the way. */
static gboolean
list_shows (CsProcessList *list,
            GPid           pid,
            const char    *pid_name,
            guint         *n_rows)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (cs_test_child (list, CS_TYPE_PROCESS_LIST, "view")));
  gboolean found = FALSE;
  double previous = G_MAXDOUBLE;

  *n_rows = g_list_model_get_n_items (model);
  for (guint i = 0; i < *n_rows; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      g_autofree char *name = NULL;
      int item_pid;
      double cpu;

      g_object_get (item, "pid", &item_pid, "name", &name, "cpu", &cpu, NULL);
      g_assert_cmpfloat (cpu, <=, previous);
      previous = cpu;
      if (item_pid == pid)
        {
          g_assert_cmpstr (name, ==, pid_name);
          found = TRUE;
        }
    }
  return found;
}

static gboolean
step_process_list (CsTestApp *app)
{
  Fixture *f = app->data;
  CsRecordDialog *dialog = open_dialog (app);
  CsProcessList *list;
  GtkEditable *search;
  g_autofree char *pid_text = g_strdup_printf ("%d", (int) f->child);
  const char *choose = "Choose the process to record in the list.";
  guint n_rows;

  if (app->stage == 5 && dialog == NULL)
    return TRUE;
  if (dialog == NULL)
    return FALSE;
  list = child_of (dialog, "process_list");
  search = GTK_EDITABLE (cs_test_child (list, CS_TYPE_PROCESS_LIST, "search_entry"));
  switch (app->stage)
    {
    case 1:
      gtk_stack_set_visible_child_name (child_of (dialog, "source_stack"), "process");
      app->stage = 2;
      return FALSE;

    case 2:
      /* Listed once the page is shown (it reads /proc when mapped). */
      if (!list_shows (list, f->child, f->child_name, &n_rows))
        return FALSE;
      g_assert_cmpuint (n_rows, >, 1);
      /* The plan follows from an idle: no process chosen yet. */
      if (!g_str_equal (cs_test_label (dialog, CS_TYPE_RECORD_DIALOG, "plan_label"), choose))
        return FALSE;
      if (!cs_test_app_screenshot (app, GTK_WINDOW (dialog), "app-record-dialog-process"))
        return FALSE;
      {
        g_autofree char *upper = g_ascii_strup (f->child_name, -1);

        gtk_editable_set_text (search, upper + 3);   /* "PLIST-…": the search ignores case */
      }
      g_assert_true (list_shows (list, f->child, f->child_name, &n_rows));
      g_assert_cmpuint (n_rows, ==, 1);
      gtk_editable_set_text (search, pid_text);
      g_assert_true (list_shows (list, f->child, f->child_name, &n_rows));
      gtk_editable_set_text (search, "no-such-process-zq");
      g_assert_false (list_shows (list, f->child, f->child_name, &n_rows));
      g_assert_cmpuint (n_rows, ==, 0);
      gtk_editable_set_text (search, f->child_name);
      g_assert_true (list_shows (list, f->child, f->child_name, &n_rows));
      g_assert_cmpuint (n_rows, ==, 1);
      gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (
                                           cs_test_child (list, CS_TYPE_PROCESS_LIST, "view"))), 0);
      g_assert_cmpint (cs_process_list_get_selected_pid (list), ==, f->child);
      app->stage = 3;
      return FALSE;

    case 3:
      /* The plan was built again with the process chosen: attached
       * processes are recorded in one run, until Stop by default. */
      if (g_str_equal (cs_test_label (dialog, CS_TYPE_RECORD_DIALOG, "plan_label"), choose))
        return FALSE;
      g_assert_cmpstr (cs_test_label (dialog, CS_TYPE_RECORD_DIALOG, "plan_label"), ==, "1 run · until Stop");
      /* What record -p refuses is not offered. */
      g_assert_false (gtk_widget_get_sensitive (child_of (dialog, "repeat_spin")));
      g_assert_false (gtk_widget_get_sensitive (child_of (dialog, "separate_check")));
      gtk_spin_button_set_value (child_of (dialog, "duration_spin"), 1);
      gtk_editable_set_text (GTK_EDITABLE (child_of (dialog, "output_entry")), f->bundle);
      app->stage = 4;
      return FALSE;

    case 4:
      if (!g_str_equal (cs_test_label (dialog, CS_TYPE_RECORD_DIALOG, "plan_label"), "1 run · 1 s"))
        return FALSE;
      /* Attach for that second; the dialog closes once it is saved. */
      cs_record_dialog_start (dialog);
      g_assert_cmpstr (cs_record_dialog_get_error (dialog), ==, NULL);
      app->stage = 5;
      return FALSE;

    default:
      if (!cs_record_dialog_is_running (dialog) && cs_record_dialog_get_error (dialog) != NULL)
        g_error ("recording failed: %s", cs_record_dialog_get_error (dialog));
      return FALSE;
    }
}

static void
test_process_list (void)
{
  Fixture f = { 0 };
  g_autofree char *tmp = NULL;
  g_autofree char *json = NULL;
  json_object *root, *member;
  int fds[2];
  char ready;
  int status;

  f.child_name = g_strdup_printf ("cs-plist-%d", (int) (getpid () % 100000));
  g_assert_cmpint (pipe (fds), ==, 0);
  f.child = fork ();
  g_assert_cmpint (f.child, >=, 0);
  if (f.child == 0)
    {
      /* Gone with the test, even when an assertion aborts it. */
      prctl (PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
      prctl (PR_SET_NAME, f.child_name, 0, 0, 0);
      if (write (fds[1], "x", 1) != 1)
        _exit (1);
      for (;;)
        pause ();
    }
  close (fds[1]);
  g_assert_cmpint (read (fds[0], &ready, 1), ==, 1);
  close (fds[0]);

  tmp = cs_test_mkdtemp ();
  f.bundle = g_build_filename (tmp, "attached.cyclescope", NULL);
  cs_test_app_run (NULL, step_process_list, &f);
  kill (f.child, SIGKILL);
  g_assert_cmpint (waitpid (f.child, &status, 0), ==, f.child);

  /* The attached recording was saved whole. */
  json = g_build_filename (f.bundle, "session.json", NULL);
  root = json_object_from_file (json);
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "complete", &member));
  g_assert_true (json_object_get_boolean (member));
  json_object_put (root);
  cs_test_rmdir (tmp);
  g_free (f.bundle);
  g_free (f.child_name);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app-record-dialog/no-display");
  g_autofree char *absolute = NULL;
  int status;

  g_assert_cmpint (argc, ==, 3);
  cyclescope = argv[1];
  /* Absolute: the dialog resolves the program in its working directory,
   * and the estimate needs the same argv as the CLI recording. */
  workload = absolute = g_canonicalize_filename (argv[2], NULL);
  if (display)
    {
      g_test_add_func ("/app-record-dialog/estimate", test_estimate);
      g_test_add_func ("/app-record-dialog/elapsed", test_elapsed);
      g_test_add_func ("/app-record-dialog/process-list", test_process_list);
    }
  status = g_test_run ();
  cs_test_app_cleanup ();
  return status;
}
