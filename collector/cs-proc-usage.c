/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-proc-usage.c — the resource use of a running process family from /proc */
#include "config.h"

#include <string.h>

#include "cs-proc-synth.h"
#include "cs-proc-usage.h"

/* Deeper families are not followed: the bound only keeps a cycle of
 * reused pids from recursing forever. */
#define MAX_DEPTH 32

typedef struct
{
  guint64 voluntary;
  guint64 involuntary;
} Switches;

struct _CsProcUsage
{
  GHashTable *threads;   /* tid -> Switches* */
  guint64     ticks;
  guint64     minor_faults;
  guint64     major_faults;
  guint64     max_rss_kb;
};

void
cs_proc_usage_free (CsProcUsage *usage)
{
  if (usage == NULL)
    return;
  g_hash_table_unref (usage->threads);
  g_free (usage);
}

guint64
cs_proc_usage_get_ticks (const CsProcUsage *usage)
{
  return usage->ticks;
}

/* The value of "@key:\t N" in a status file, 0 when absent. */
static guint64
status_field (const char *status,
              const char *key)
{
  gsize len = strlen (key);

  for (const char *line = status; line != NULL && *line != '\0';)
    {
      const char *next = strchr (line, '\n');

      if (strncmp (line, key, len) == 0 && line[len] == ':')
        return g_ascii_strtoull (line + len + 1, NULL, 10);
      line = next != NULL ? next + 1 : NULL;
    }
  return 0;
}

static void
read_threads (CsProcUsage *usage,
              pid_t        pid)
{
  g_autoptr(GArray) tids = cs_proc_list_threads (pid);

  for (guint t = 0; t < tids->len; t++)
    {
      pid_t tid = g_array_index (tids, pid_t, t);
      g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/status", (int) pid, (int) tid);
      g_autofree char *status = NULL;
      Switches *s;

      if (!g_file_get_contents (path, &status, NULL, NULL))
        continue;  /* ended since it was listed */
      s = g_new (Switches, 1);
      s->voluntary = status_field (status, "voluntary_ctxt_switches");
      s->involuntary = status_field (status, "nonvoluntary_ctxt_switches");
      g_hash_table_replace (usage->threads, GINT_TO_POINTER (tid), s);
    }
}

static gboolean
read_family (CsProcUsage *usage,
             pid_t        pid,
             guint        depth)
{
  g_autofree char *stat_path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *status_path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *stat = NULL, *status = NULL;
  g_auto(GStrv) fields = NULL;
  g_autoptr(GArray) tids = NULL;
  const char *paren;

  if (!g_file_get_contents (stat_path, &stat, NULL, NULL) ||
      (paren = strrchr (stat, ')')) == NULL)
    return FALSE;
  /* After the comm, fields[0] is the state (field 3): minflt (10),
   * cminflt, majflt, cmajflt, utime, stime, cutime, cstime (17). */
  fields = g_strsplit (paren + 2, " ", 16);
  if (g_strv_length (fields) < 16)
    return FALSE;
  usage->minor_faults += g_ascii_strtoull (fields[7], NULL, 10) + g_ascii_strtoull (fields[8], NULL, 10);
  usage->major_faults += g_ascii_strtoull (fields[9], NULL, 10) + g_ascii_strtoull (fields[10], NULL, 10);
  for (guint f = 11; f <= 14; f++)
    usage->ticks += g_ascii_strtoull (fields[f], NULL, 10);
  if (g_file_get_contents (status_path, &status, NULL, NULL))
    usage->max_rss_kb = MAX (usage->max_rss_kb, status_field (status, "VmHWM"));
  read_threads (usage, pid);
  if (depth >= MAX_DEPTH)
    return TRUE;

  tids = cs_proc_list_threads (pid);
  for (guint t = 0; t < tids->len; t++)
    {
      g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/children", (int) pid,
                                               (int) g_array_index (tids, pid_t, t));
      g_autofree char *children = NULL;
      g_auto(GStrv) pids = NULL;

      if (!g_file_get_contents (path, &children, NULL, NULL))
        continue;
      pids = g_strsplit (g_strstrip (children), " ", -1);
      for (guint c = 0; pids[c] != NULL; c++)
        if (*pids[c] != '\0')
          read_family (usage, (pid_t) g_ascii_strtoll (pids[c], NULL, 10), depth + 1);
    }
  return TRUE;
}

CsProcUsage *
cs_proc_usage_read (pid_t pid)
{
  CsProcUsage *usage = g_new0 (CsProcUsage, 1);

  usage->threads = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  if (!read_family (usage, pid, 0))
    {
      cs_proc_usage_free (usage);
      return NULL;
    }
  return usage;
}

static guint64
grown (guint64 before,
       guint64 after)
{
  return after > before ? after - before : 0;
}

void
cs_proc_usage_add_window (const CsProcUsage *start,
                          const CsProcUsage *end,
                          struct rusage     *total)
{
  GHashTableIter iter;
  gpointer key, value;

  /* Thread by thread: one that ended takes its switches along, one that
   * started meanwhile counts from 0. */
  g_hash_table_iter_init (&iter, end->threads);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const Switches *after = value;
      const Switches *before = g_hash_table_lookup (start->threads, key);

      total->ru_nvcsw += (long) grown (before != NULL ? before->voluntary : 0, after->voluntary);
      total->ru_nivcsw += (long) grown (before != NULL ? before->involuntary : 0, after->involuntary);
    }
  total->ru_minflt += (long) grown (start->minor_faults, end->minor_faults);
  total->ru_majflt += (long) grown (start->major_faults, end->major_faults);
  total->ru_maxrss = MAX (total->ru_maxrss, (long) end->max_rss_kb);
}
