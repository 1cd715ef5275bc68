/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-load.c — loading a recording for the analysis verbs
 *
 * Most files load in well under a second and print nothing; one with
 * stack copies to unwind, or a very large one, can take longer, and a
 * terminal that stays silent meanwhile looks hung. The line is written
 * only to a terminal (never into a pipe or a log), for each new stage and
 * at most ten times a second within one.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "cs-cli-load.h"

#define UPDATE_USEC (G_USEC_PER_SEC / 10)

typedef struct
{
  gint64   start;
  gint64   quiet;    /* µs without a line */
  gint64   last;
  gboolean shown;
  char    *stage;
} Progress;

/* A second, or CYCLESCOPE_PROGRESS_AFTER_MS (docs/cli.md). */
static gint64
quiet_usec (void)
{
  const char *env = g_getenv ("CYCLESCOPE_PROGRESS_AFTER_MS");

  return env != NULL ? (gint64) g_ascii_strtoull (env, NULL, 10) * 1000 : G_USEC_PER_SEC;
}

static void
on_progress (const char *stage,
             double      fraction,
             gpointer    user_data)
{
  Progress *p = user_data;
  gint64 now = g_get_monotonic_time ();

  if (now - p->start < p->quiet ||
      (p->shown && now - p->last < UPDATE_USEC && g_strcmp0 (stage, p->stage) == 0))
    return;
  g_free (p->stage);
  p->stage = g_strdup (stage);
  p->last = now;
  p->shown = TRUE;
  /* back to the line's start, erase it */
  g_printerr ("\r\033[K");
  if (fraction >= 0)
    /* TRANSLATORS: a progress line: "Unwinding call stacks … 45 %" */
    g_printerr (_("%s … %.0f %%"), stage, CLAMP (fraction, 0, 1) * 100);
  else
    g_printerr ("%s …", stage);
  fflush (stderr);
}

CsAnalysis *
cs_cli_load_analysis (const char  *path,
                      GError     **error)
{
  Progress p = { g_get_monotonic_time (), quiet_usec (), 0, FALSE, NULL };
  gboolean tty = isatty (STDERR_FILENO);
  CsAnalysis *analysis = cs_analysis_load (path, NULL, tty ? on_progress : NULL, &p, NULL, error);

  if (p.shown)
    g_printerr ("\r\033[K");
  g_free (p.stage);
  return analysis;
}
