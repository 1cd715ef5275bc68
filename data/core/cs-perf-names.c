/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-names.c — perf's spelling of its generic events */
#include "config.h"

#include <string.h>

#include "cs-perf-names.h"

/* perf's evsel__hw_names and evsel__sw_names, with the synonyms perf's
 * parser accepts (tools/perf/util/parse-events.c). */
static const struct
{
  const char *name;
  const char *config;     /* after PERF_COUNT_HW_ / PERF_COUNT_SW_ */
  const char *synonym;
} events[] = {
  { "cycles", "CPU_CYCLES", "cpu-cycles" },
  { "instructions", "INSTRUCTIONS", NULL },
  { "cache-references", "CACHE_REFERENCES", NULL },
  { "cache-misses", "CACHE_MISSES", NULL },
  { "branch-instructions", "BRANCH_INSTRUCTIONS", "branches" },
  { "branch-misses", "BRANCH_MISSES", NULL },
  { "bus-cycles", "BUS_CYCLES", NULL },
  { "stalled-cycles-frontend", "STALLED_CYCLES_FRONTEND", "idle-cycles-frontend" },
  { "stalled-cycles-backend", "STALLED_CYCLES_BACKEND", "idle-cycles-backend" },
  { "ref-cycles", "REF_CPU_CYCLES", NULL },
  { "cpu-clock", "CPU_CLOCK", NULL },
  { "task-clock", "TASK_CLOCK", NULL },
  { "page-faults", "PAGE_FAULTS", "faults" },
  { "context-switches", "CONTEXT_SWITCHES", "cs" },
  { "cpu-migrations", "CPU_MIGRATIONS", "migrations" },
  { "minor-faults", "PAGE_FAULTS_MIN", NULL },
  { "major-faults", "PAGE_FAULTS_MAJ", NULL },
  { "alignment-faults", "ALIGNMENT_FAULTS", NULL },
  { "emulation-faults", "EMULATION_FAULTS", NULL },
  { "dummy", "DUMMY", NULL },
  { "bpf-output", "BPF_OUTPUT", NULL },
  { "cgroup-switches", "CGROUP_SWITCHES", NULL },
};

/* Equal but for case and '_' against '-'. */
static gboolean
same_spelling (const char *a,
               gsize       a_len,
               const char *b)
{
  if (strlen (b) != a_len)
    return FALSE;
  for (gsize i = 0; i < a_len; i++)
    {
      char ca = a[i] == '_' ? '-' : g_ascii_tolower (a[i]);
      char cb = b[i] == '_' ? '-' : g_ascii_tolower (b[i]);

      if (ca != cb)
        return FALSE;
    }
  return TRUE;
}

const char *
cs_perf_event_spelling (const char *name)
{
  gsize len;

  if (name == NULL)
    return NULL;
  if (g_str_has_prefix (name, "perf::"))
    name += strlen ("perf::");
  len = strcspn (name, ":");
  if (len > strlen ("PERF_COUNT_SW_") && g_ascii_strncasecmp (name, "PERF_COUNT_", 11) == 0 &&
      (g_ascii_toupper (name[11]) == 'H' || g_ascii_toupper (name[11]) == 'S') &&
      g_ascii_toupper (name[12]) == 'W' && name[13] == '_')
    {
      for (guint i = 0; i < G_N_ELEMENTS (events); i++)
        if (same_spelling (name + 14, len - 14, events[i].config))
          return events[i].name;
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    if (same_spelling (name, len, events[i].name) ||
        (events[i].synonym != NULL && same_spelling (name, len, events[i].synonym)))
      return events[i].name;
  return NULL;
}

const char *
cs_perf_event_normalize (const char *name)
{
  const char *perf;

  if (name == NULL || strchr (name, '_') == NULL || strpbrk (name, ":/") != NULL)
    return name;
  perf = cs_perf_event_spelling (name);
  return perf != NULL && same_spelling (name, strlen (name), perf) ? perf : name;
}
