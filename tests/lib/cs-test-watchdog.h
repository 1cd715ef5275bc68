/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-watchdog.h — run a program that must not hang (header only)
 *
 * For the hostile-input tests: a program that blocks (on a FIFO, reading
 * /dev/zero) is killed after a generous limit and the test fails there,
 * instead of the whole test program hitting meson's timeout. The limit is a
 * watchdog, not a timing assertion: the tests assert on what the program
 * printed.
 */
#pragma once

#include <gio/gio.h>

#include "cs-test-util.h"

#define CS_TEST_WATCHDOG_SECONDS 60

typedef struct
{
  GMainLoop *loop;
  char      *out;
  char      *err;
  gboolean   done;
  GError    *error;
} CsTestWatchdog;

static inline void
cs_test_watchdog_done (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  CsTestWatchdog *w = user_data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &w->out, &w->err,
                                        &w->error);
  w->done = TRUE;
  g_main_loop_quit (w->loop);
}

static inline gboolean
cs_test_watchdog_expired (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

/* Runs @argv with @envp (NULL: inherited), stdin from /dev/null; fails the
 * test when it has not ended within CS_TEST_WATCHDOG_SECONDS. */
static inline CsTestOutput
cs_test_output_watched (const char * const *argv,
                        const char * const *envp)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainContext) context = g_main_context_new ();
  CsTestWatchdog w = { NULL, };
  CsTestOutput r = { NULL, };
  GSource *timeout;

  g_main_context_push_thread_default (context);
  w.loop = g_main_loop_new (context, FALSE);
  if (envp != NULL)
    g_subprocess_launcher_set_environ (launcher, (char **) envp);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, cs_test_watchdog_done, &w);
  timeout = g_timeout_source_new_seconds (CS_TEST_WATCHDOG_SECONDS);
  g_source_set_callback (timeout, cs_test_watchdog_expired, w.loop, NULL);
  g_source_attach (timeout, context);
  g_main_loop_run (w.loop);
  g_source_destroy (timeout);
  g_source_unref (timeout);
  if (!w.done)
    {
      g_subprocess_force_exit (process);
      g_subprocess_wait (process, NULL, NULL);
      g_error ("%s %s did not end within %d s (it hangs)", argv[0], argv[1],
               CS_TEST_WATCHDOG_SECONDS);
    }
  g_assert_no_error (w.error);
  g_subprocess_wait (process, NULL, NULL);
  r.out = w.out;
  r.err = w.err;
  r.status = g_subprocess_get_status (process);
  g_main_loop_unref (w.loop);
  g_main_context_pop_thread_default (context);
  return r;
}
