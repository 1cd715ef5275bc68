/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-confirm.c — see cs-memory-confirm.h */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-memory-confirm.h"
#include "cs-memory-format.h"
#include "cs-watch.h"

void
cs_memory_confirm_free (CsMemoryConfirm *confirm)
{
  if (confirm == NULL)
    return;
  cs_memory_watch_result_free (confirm->result);
  cs_memory_watch_target_free (confirm->target);
  g_free (confirm->command);
  g_free (confirm);
}

CsMemoryConfirm *
cs_memory_confirm_run (CsMemoryProfile      *profile,
                       CsMemoryWatchTarget  *target,
                       const char * const   *argv,
                       const char           *cwd,
                       double                seconds,
                       GCancellable         *cancellable,
                       GError              **error)
{
  g_autoptr(CsMemoryConfirm) confirm = g_new0 (CsMemoryConfirm, 1);
  g_autoptr(CsWatch) watch = NULL;
  const CsWatchHit *hits;
  guint n_hits = 0;

  confirm->target = target;
  confirm->command = g_strjoinv (" ", (char **) argv);
  if (!(watch = cs_watch_launch (argv, cwd, error)))
    return NULL;
  confirm->pid = (guint32) cs_watch_get_pid (watch);
  if (!cs_memory_watch_target_locate (target, cs_watch_get_maps (watch), confirm->pid, confirm->addresses, error) ||
      !cs_watch_arm (watch, confirm->addresses, target->n_words, error) ||
      !cs_watch_run (watch, seconds, cancellable, error))
    return NULL;
  confirm->status = cs_watch_get_status (watch);
  confirm->stopped = cs_watch_was_stopped (watch);
  confirm->counted = cs_watch_get_counted (watch);
  confirm->lost = cs_watch_get_lost (watch);
  hits = cs_watch_get_hits (watch, &n_hits);
  confirm->result = cs_memory_watch_result_new (profile, target, cs_watch_get_maps (watch), confirm->addresses,
                                                hits, n_hits);
  return g_steal_pointer (&confirm);
}

char *
cs_memory_confirm_describe (const CsMemoryConfirm *confirm)
{
  const CsMemoryWatchResult *r = confirm->result;
  const CsMemoryLine *line = confirm->target->line;
  g_autofree char *total = cs_memory_format_count (r->total);
  const char *watched = r->false_sharing ? _("false sharing") : r->true_sharing ? _("true sharing")
                                                                                : _("no sharing");

  if (r->total == 0)
    return g_strdup (_("The watched run made no access to the watched words."));
  if (line == NULL)
    /* TRANSLATORS: a count of accesses, then "false sharing", "true sharing" or "no sharing" */
    return g_strdup_printf (_("%s watched accesses: %s."), total, watched);
  if (line->sharing == r->sharing && r->threads_confirmed)
    /* TRANSLATORS: a count of accesses, then "false sharing", "true sharing" or "no sharing" */
    return g_strdup_printf (_("Confirmed: %s watched accesses show %s, each thread on the words the "
                              "samples put it on."), total, watched);
  if (line->sharing == r->sharing)
    return g_strdup_printf (_("The verdict is confirmed (%s watched accesses show %s), but the threads "
                              "touched other words than the samples put them on."), total, watched);
  /* TRANSLATORS: a count of accesses, what they show, then what the samples said */
  return g_strdup_printf (_("Not confirmed: %s watched accesses show %s where the samples said %s."), total,
                          watched, line->false_sharing ? _("false sharing") : line->true_sharing
                          ? _("true sharing") : _("no sharing"));
}
