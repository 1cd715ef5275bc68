/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-summary.c — the summary of a recording
 *
 * The command perf recorded is its own command line ("perf record -F 999
 * -g -- ./prog arg"); the program is what follows "--", else what follows
 * the options (an option that takes a value is told by perf's option table
 * for `perf record`, the few that matter here).
 */
#include "config.h"

#include <string.h>

#include "cs-profile-private.h"

void
_cs_profile_take_header (CsProfile        *self,
                         const CsPerfInfo *info)
{
  CsProfileHeader *h = &self->header;

  h->cmdline = g_strdupv (info->cmdline);
  h->cpu_description = g_strdup (info->cpudesc);
  h->perf_version = g_strdup (info->version);
  h->n_cpus_online = info->nr_cpus_online;
  h->n_cpus_available = info->nr_cpus_available;
  h->first_sample_time = info->first_sample_time;
  h->last_sample_time = info->last_sample_time;
}

void
_cs_profile_header_clear (CsProfileHeader *header)
{
  g_clear_pointer (&header->cmdline, g_strfreev);
  g_clear_pointer (&header->cpu_description, g_free);
  g_clear_pointer (&header->perf_version, g_free);
}

/* `perf record` options that take a separate value. */
static gboolean
takes_value (const char *option)
{
  static const char * const with_value[] = {
    "-e", "--event", "-F", "--freq", "-c", "--count", "-o", "--output", "-p", "--pid", "-t", "--tid",
    "-m", "--mmap-pages", "-C", "--cpu", "-G", "--cgroup", "-u", "--uid", "-j", "--branch-filter",
    "--call-graph", "--clockid", "-k", "-r", "--realtime", "--filter", "-I", "--intr-regs",
    "--user-regs", "-D", "--delay", "--switch-output", "--affinity", "--max-size", "-z",
    "--compression-level", "--control", "-b", "--aio", "--mmap-flush", "--user-callchains",
    NULL,
  };

  for (guint i = 0; with_value[i] != NULL; i++)
    if (strcmp (option, with_value[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The recorded program and its arguments, out of perf's command line. */
static char *
recorded_command (char **cmdline)
{
  guint n = cmdline != NULL ? g_strv_length (cmdline) : 0;
  guint start = n;

  if (n == 0)
    return NULL;
  for (guint i = 0; i < n; i++)
    if (strcmp (cmdline[i], "--") == 0)
      {
        start = i + 1;
        break;
      }
  if (start == n)
    {
      /* "perf record [options] prog args": the first word that is no
       * option nor an option's value; the verb "record" comes first. */
      guint i = 1;

      if (i < n && strcmp (cmdline[i], "record") == 0)
        i++;
      for (; i < n; i++)
        {
          if (cmdline[i][0] != '-')
            break;
          if (takes_value (cmdline[i]) && strchr (cmdline[i], '=') == NULL)
            i++;
        }
      start = i;
      /* not a perf command line (ours, or another tool's): all of it */
      if (!g_str_has_suffix (cmdline[0], "perf"))
        start = 0;
    }
  if (start >= n)
    return NULL;
  return g_strjoinv (" ", cmdline + start);
}

void
_cs_profile_summary_build (CsProfile *self)
{
  CsProfileSummary *s = &self->summary;
  const CsProfileEvent *e = cs_profile_get_default_event (self);
  const CsProfileSamples *samples = &self->samples;
  guint64 first = G_MAXUINT64, last = 0;
  guint n_processes = 0, n_threads = 0;

  s->command = self->summary_command = recorded_command (self->header.cmdline);
  s->cmdline = (const char * const *) self->header.cmdline;
  for (guint i = 0; i < samples->n; i++)
    {
      guint64 t = samples->time[i];

      if (t == 0)
        continue;
      first = MIN (first, t);
      last = MAX (last, t);
    }
  if (last == 0)
    first = 0;
  s->first_time = first;
  s->last_time = last;
  s->duration = last - first;
  for (guint i = 0; i < self->tasks->len; i++)
    if (((CsProfileTask *) g_ptr_array_index (self->tasks, i))->n_samples > 0)
      n_threads++;
  n_processes = self->processes->len;
  s->n_processes = n_processes;
  s->n_threads = n_threads;
  s->n_samples = self->stats.n_samples;
  if (e != NULL)
    {
      s->sample_freq = e->sample_freq;
      s->sample_period = e->sample_period;
      if (s->duration > 0)
        s->samples_per_second = (double) e->n_samples / ((double) s->duration / 1e9);
    }
  s->n_lost = cs_profile_stats_get_n_lost (&self->stats);
  for (guint i = 0; i < self->sample_marks->len; i++)
    if (g_array_index (self->sample_marks, CsProfileMark, i).kind == CS_PROFILE_MARK_THROTTLE)
      s->n_throttled++;
  s->hostname = self->hostname;
  s->cpu = self->header.cpu_description;
  s->n_cpus = self->header.n_cpus_online;
  s->os_release = self->os_release;
  s->arch = self->arch;
}

const CsProfileSummary *
cs_profile_get_summary (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return self->base != NULL ? &self->base->summary : &self->summary;
}

gboolean
cs_profile_get_time_bounds (CsProfile *self,
                            guint64   *first,
                            guint64   *last)
{
  CsProfile *owner;

  g_return_val_if_fail (CS_IS_PROFILE (self), FALSE);
  owner = self->base != NULL ? self->base : self;
  if (owner->header.first_sample_time != 0 || owner->header.last_sample_time != 0)
    {
      *first = owner->header.first_sample_time;
      *last = owner->header.last_sample_time;
      return TRUE;
    }
  *first = owner->summary.first_time;
  *last = owner->summary.last_time;
  return owner->summary.last_time != 0;
}
