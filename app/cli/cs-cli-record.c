/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-record.c — `cyclescope record [OPTIONS] -- PROGRAM [ARGS…]`
 *
 * Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed) are blocked in
 * every thread and taken by one thread with sigwait(2), which cancels the
 * recording: the program and its children are killed, the runs so far are
 * saved as an incomplete session, and we exit with 128 + the signal like a
 * shell would show. The target itself gets its signals unblocked again by
 * the launcher. We are the child subreaper of the program's family, so
 * that a child it orphaned cannot slip away to init while we record.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <stdio.h>
#include <unistd.h>

#include "cs-cli.h"
#include "cs-cli-util.h"
#include "cs-collector-error.h"
#include "cs-perf-hooks.h"
#include "cs-record.h"
#include "cs-sampler.h"

typedef struct
{
  GCancellable *cancellable;
  sigset_t      signals;
  gint          signo;        /* atomic: the signal that cancelled, 0 if none */
} SignalWatch;

typedef struct
{
  gboolean tty;
} ProgressState;

static gpointer
signal_thread (gpointer data)
{
  SignalWatch *watch = data;

  for (;;)
    {
      int signo = 0;

      if (sigwait (&watch->signals, &signo) != 0)
        continue;
      if (g_atomic_int_compare_and_exchange (&watch->signo, 0, signo))
        g_cancellable_cancel (watch->cancellable);
    }
  return NULL;
}

static void
print_progress (const CsRecordProgress *p,
                gpointer                user_data)
{
  ProgressState *state = user_data;
  const char *kind = p->kind == CS_RECORD_RUN_COUNTING ? _("counting")
                   : p->kind == CS_RECORD_RUN_COUNTING_SAMPLING ? _("counting and sampling")
                   : _("sampling");
  g_autofree char *what = NULL;

  if (p->kind != CS_RECORD_RUN_SAMPLING)
    what = g_strdup_printf ("%s (%s)", p->label, p->events);
  else
    what = g_strdup (p->label);

  if (!p->finished)
    {
      /* On a terminal the line is shown while the run lasts, then completed. */
      if (state->tty)
        {
          /* TRANSLATORS: "[2/6] counting  group 2 (cycles, instructions) …" */
          g_printerr (_("[%u/%u] %s  %s …"), p->run, p->n_runs, kind, what);
          fflush (stderr);
        }
      return;
    }

  if (state->tty)
    g_printerr ("\r\033[K");
  /* TRANSLATORS: "[2/6] counting  group 2 (cycles, instructions)  1.02 s  ok  (elapsed 2.3 s)" */
  g_printerr (_("[%u/%u] %s  %s  %.2f s  %s  (elapsed %.1f s)\n"),
              p->run, p->n_runs, kind, what, p->run_seconds, p->outcome, p->elapsed);
  if (p->warning != NULL)
    g_printerr (_("  warning: %s\n"), p->warning);
}

/* After a recording that ended early: whatever of the program's family is
 * still our child (orphans reparented to us, the subreaper, even those
 * that left its process group) is killed and reaped. */
static void
kill_orphans (void)
{
  g_autoptr(GDir) tasks = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;

  while (tasks != NULL && (tid = g_dir_read_name (tasks)) != NULL)
    {
      g_autofree char *path = g_strdup_printf ("/proc/self/task/%s/children", tid);
      g_autofree char *children = NULL;
      g_auto(GStrv) pids = NULL;

      if (!g_file_get_contents (path, &children, NULL, NULL))
        continue;
      pids = g_strsplit_set (g_strstrip (children), " ", -1);
      for (guint i = 0; pids[i] != NULL; i++)
        if (*pids[i] != '\0')
          kill ((pid_t) g_ascii_strtoll (pids[i], NULL, 10), SIGKILL);
    }
  while (waitpid (-1, NULL, 0) > 0 || errno == EINTR)
    ;
}

/* perf's --call-graph MODE: "fp", or "dwarf" with an optional stack copy
 * size (rounded up to 8 as perf does). */
static gboolean
parse_call_graph (const char  *mode,
                  guint32     *stack_user)
{
  g_auto(GStrv) parts = g_strsplit (mode, ",", 2);
  guint64 size = CS_SAMPLER_DEFAULT_STACK_USER;

  if (g_strcmp0 (parts[0], "fp") == 0 && parts[1] == NULL)
    {
      *stack_user = 0;
      return TRUE;
    }
  if (g_strcmp0 (parts[0], "dwarf") != 0)
    return FALSE;
  if (parts[1] != NULL && !g_ascii_string_to_unsigned (parts[1], 10, 1, CS_SAMPLER_MAX_STACK_USER, &size, NULL))
    return FALSE;
  *stack_user = (guint32) ((size + 7) & ~(guint64) 7);
  return TRUE;
}

/* "123,456" into options->pids. */
static gboolean
parse_pids (const char      *list,
            CsRecordOptions *options)
{
  g_auto(GStrv) parts = g_strsplit (list, ",", -1);
  guint n = g_strv_length (parts);

  if (n == 0)
    return FALSE;
  options->pids = g_new0 (GPid, n);
  for (guint i = 0; i < n; i++)
    {
      guint64 pid;

      if (!g_ascii_string_to_unsigned (g_strstrip (parts[i]), 10, 1, G_MAXINT32, &pid, NULL))
        return FALSE;
      options->pids[options->n_pids++] = (GPid) pid;
    }
  return TRUE;
}

static char **
split_program (int     *argc,
               char  ***argv)
{
  for (int i = 1; i < *argc; i++)
    if (strcmp ((*argv)[i], "--") == 0)
      {
        char **program = g_strdupv (*argv + i + 1);
        (*argv)[i] = NULL;
        *argc = i;
        return program;
      }
  return NULL;
}

int
cs_cli_record (int    argc,
               char **argv)
{
  /* First: the kernel's wait for the first perf event overlaps all the
   * set-up below instead of delaying the program's start. */
  G_GNUC_UNUSED g_autoptr(CsPerfHooks) hooks = cs_perf_hooks_hold ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRecordOptions) options = cs_record_options_new ();
  g_autoptr(CsRecorder) recorder = NULL;
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_auto(GStrv) program = NULL;
  g_autofree char *model = NULL, *mode = NULL, *output = NULL, *call_graph = NULL;
  guint32 stack_user = 0;
  g_auto(GStrv) events = NULL;
  gint repeat = 1;
  gint64 frequency = 0, period = 0;
  gboolean callchains = FALSE, regs = FALSE, no_sampling = FALSE, no_counting = FALSE;
  gboolean dry_run = FALSE, regions = FALSE, separate_sampling = FALSE;
  gint64 skip_events = 0;
  g_autofree char *pid_list = NULL;
  double duration = 0;
  SignalWatch *watch;
  ProgressState progress = { isatty (STDERR_FILENO) };
  const char * const *notices;
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_STRING, &model,
      N_("Cycle-accounting model (default: the one for this CPU’s PMU)"), N_("MODEL") },
    { "event", 'e', 0, G_OPTION_ARG_STRING_ARRAY, &events,
      N_("Also count EVENT (libpfm4 name; repeatable)"), N_("EVENT") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode,
      N_("runs: one run per counter group (default); multiplex: one run, scaled counts"),
      N_("runs|multiplex") },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat,
      N_("Count cycles in at least N runs, adding runs that count only cycles (default 1: "
         "cycles is counted in every run the plan needs anyway). Worth it when the cycle count "
         "varies between runs, e.g. on a busy machine, and counting needs few runs"), N_("N") },
    { "separate-sampling", 0, 0, G_OPTION_ARG_NONE, &separate_sampling,
      N_("Sample in a run of its own even when counting and sampling fit in one run"), NULL },
    { "freq", 'F', 0, G_OPTION_ARG_INT64, &frequency,
      N_("Sample HZ times a second (default 1000)"), N_("HZ") },
    { "count", 'c', 0, G_OPTION_ARG_INT64, &period,
      N_("Sample every PERIOD events"), N_("PERIOD") },
    { "frame-pointers", 'g', 0, G_OPTION_ARG_NONE, &callchains,
      N_("Record call chains by frame pointers (--call-graph fp)"), NULL },
    { "call-graph", 0, 0, G_OPTION_ARG_STRING, &call_graph,
      N_("Record call stacks: fp walks frame pointers when sampling (cheap; the program and its "
         "libraries need them); dwarf copies SIZE bytes of the stack with each sample (default 8192, "
         "about that much data per sample) and unwinds it when the recording is read"),
      N_("fp|dwarf[,SIZE]") },
    { "regs", 0, 0, G_OPTION_ARG_NONE, &regs,
      N_("Record the user registers with the samples (data-address reconstruction)"), NULL },
    { "no-sampling", 0, 0, G_OPTION_ARG_NONE, &no_sampling,
      N_("Counting runs only"), NULL },
    { "no-counting", 0, 0, G_OPTION_ARG_NONE, &no_counting,
      N_("The sampling run only"), NULL },
    { "regions", 0, 0, G_OPTION_ARG_NONE, &regions,
      N_("Count and sample the program’s regions (libcyclescope-region) separately"), NULL },
    { "skip-events", 0, 0, G_OPTION_ARG_INT64, &skip_events,
      N_("With --regions: leave out the first N framework events (cs_region_event_done)"), N_("N") },
    { "pid", 'p', 0, G_OPTION_ARG_STRING, &pid_list,
      N_("Attach to the running processes PID,… (all their threads and the children they start) "
         "instead of starting a program"), N_("PID[,PID…]") },
    { "duration", 0, 0, G_OPTION_ARG_DOUBLE, &duration,
      N_("With -p: stop after SECONDS (default: at Ctrl-C or when the processes exit); they keep running"),
      N_("SECONDS") },
    { "dry-run", 0, 0, G_OPTION_ARG_NONE, &dry_run,
      N_("Print the model, the counter groups and the runs, run nothing"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the recording to BUNDLE (default: PROGRAM.cyclescope here)"), N_("BUNDLE") },
    { NULL }
  };

  program = split_program (&argc, &argv);

  /* Without “--”, the first word that is not an option starts the program. */
  if (!cs_cli_parse_options ("record", _("[--] PROGRAM [ARGS…] | -p PID — record a program"),
                             _("Runs PROGRAM under performance counters and writes a PROGRAM.cyclescope bundle:\n"
                               "one run that counts and samples when the model's events fit in one counter group,\n"
                               "else one counting run per group, then a sampling run."),
                             entries, program == NULL, &argc, &argv))
    return 2;
  if (program == NULL)
    program = g_strdupv (argv + 1);
  else if (argc > 1)
    {
      cs_cli_error ("record", _("unexpected argument “%s” before “--”"), argv[1]);
      return 2;
    }
  if (pid_list != NULL)
    {
      if (program != NULL && program[0] != NULL)
        {
          cs_cli_error ("record", "%s", _("-p attaches to running processes: give no program with it"));
          return 2;
        }
      if (!parse_pids (pid_list, options))
        {
          cs_cli_error ("record", _("-p takes process ids separated by commas, not “%s”"), pid_list);
          return 2;
        }
      g_clear_pointer (&program, g_strfreev);
    }
  else if (duration != 0)
    {
      cs_cli_error ("record", "%s", _("--duration needs -p PID: a program is recorded until it exits"));
      return 2;
    }
  if (duration < 0)
    {
      cs_cli_error ("record", "%s", _("--duration takes a positive number of seconds"));
      return 2;
    }
  options->duration = duration;
  if (pid_list == NULL && (program == NULL || program[0] == NULL))
    {
      cs_cli_error ("record", "%s", _("no program given: cyclescope record [OPTIONS] -- PROGRAM [ARGS…]"));
      return 2;
    }
  if (repeat < 1 || frequency < 0 || period < 0)
    {
      cs_cli_error ("record", "%s", _("--repeat, -F and -c take positive numbers"));
      return 2;
    }
  if (skip_events < 0 || (skip_events > 0 && !regions))
    {
      cs_cli_error ("record", "%s", _("--skip-events takes a number ≥ 0 and needs --regions"));
      return 2;
    }

  options->argv = g_steal_pointer (&program);
  options->model_id = g_steal_pointer (&model);
  options->events = g_steal_pointer (&events);
  options->output = g_steal_pointer (&output);
  options->repeat = repeat;
  options->frequency = frequency;
  options->period = period;
  if (call_graph != NULL && !parse_call_graph (call_graph, &stack_user))
    {
      cs_cli_error ("record", _("unknown call graph “%s”: use --call-graph fp or --call-graph dwarf[,SIZE] "
                                "with SIZE from 8 to %u bytes"), call_graph, CS_SAMPLER_MAX_STACK_USER);
      return 2;
    }
  options->callchains = callchains || call_graph != NULL;
  options->stack_user = stack_user;
  options->user_regs = regs;
  options->sampling = !no_sampling;
  options->separate_sampling = separate_sampling;
  options->counting = !no_counting;
  options->regions = regions;
  options->skip_events = (guint64) skip_events;
  if (mode != NULL && !cs_plan_mode_from_string (mode, &options->mode, &error))
    {
      cs_cli_error ("record", "%s", error->message);
      return 2;
    }

  if (!(recorder = cs_recorder_new (options, &error)))
    {
      cs_cli_error ("record", "%s", error->message);
      return 1;
    }

  if (dry_run)
    {
      g_autofree char *text = cs_recorder_describe (recorder);
      fputs (text, stdout);
      return 0;
    }

  notices = cs_recorder_get_notices (recorder);
  for (guint i = 0; notices[i] != NULL; i++)
    g_printerr (_("Note: %s\n"), notices[i]);

  /* Block before any thread exists so that every thread inherits the mask.
   * The watch and its thread live until the process exits. */
  watch = g_new0 (SignalWatch, 1);
  watch->cancellable = g_object_ref (cancellable);
  sigemptyset (&watch->signals);
  sigaddset (&watch->signals, SIGINT);
  sigaddset (&watch->signals, SIGTERM);
  sigaddset (&watch->signals, SIGHUP);
  pthread_sigmask (SIG_BLOCK, &watch->signals, NULL);
  g_thread_unref (g_thread_new ("cs-signals", signal_thread, watch));
  prctl (PR_SET_CHILD_SUBREAPER, 1);

  session = cs_recorder_run (recorder, print_progress, &progress, cancellable, &error);
  if (session == NULL)
    {
      int signo = g_atomic_int_get (&watch->signo);

      kill_orphans ();
      if (progress.tty)
        g_printerr ("\r\033[K");
      cs_cli_error ("record", "%s", error->message);
      /* Without a signal to us, Ctrl-C on the terminal reached the program. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return 128 + (signo != 0 ? signo : SIGINT);
      return 1;
    }

  g_printerr (ngettext ("Recorded %u run in %.1f s: %s\n", "Recorded %u runs in %.1f s: %s\n",
                        cs_recorder_get_n_runs (recorder)),
              cs_recorder_get_n_runs (recorder), cs_session_get_duration (session),
              cs_recorder_get_bundle_path (recorder));
  /* Said here, not only in the report: e.g. that a program recorded with
   * --regions never called the region library. */
  for (const char * const *w = cs_session_get_warnings (session); *w != NULL; w++)
    if (!g_strv_contains (notices, *w))  /* printed as a note already */
      g_printerr (_("Warning: %s\n"), *w);
  g_printerr (_("Show it with: cyclescope report %s\n"), cs_recorder_get_bundle_path (recorder));
  return 0;
}
