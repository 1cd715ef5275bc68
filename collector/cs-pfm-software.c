/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-pfm-software.c — the kernel's software events while a PMU is forced
 *
 * libpfm4 names software events through its generic "perf" PMU, but with
 * LIBPFM_FORCE_PMU set only the forced PMU is active, so "task-clock" stops
 * encoding. Software events do not depend on the PMU at all (they are
 * PERF_TYPE_SOFTWARE numbers from linux/perf_event.h), so the software model
 * must keep working under any forced PMU: this fallback spells them the way
 * libpfm4's perf PMU does and is used only when libpfm4 found nothing.
 *
 * Also here: whether software events may count kernel context, which the
 * kernel decides by privilege and perf_event_paranoid.
 */
#define _GNU_SOURCE
#include "config.h"

#include <glib/gi18n-lib.h>
#include <linux/capability.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cs-perf-event.h"
#include "cs-pfm-private.h"

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif

/* The kernel's perfmon_capable(): CAP_PERFMON or CAP_SYS_ADMIN in the
 * effective set. Asked of the kernel, not inferred from the uid, so that
 * root in a container without them and a binary with file capabilities are
 * both judged right. */
static gboolean
perfmon_capable (void)
{
  struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
  struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

  memset (data, 0, sizeof data);
  if (syscall (SYS_capget, &header, data) != 0)
    return geteuid () == 0;
  return (data[CAP_PERFMON / 32].effective & (1u << (CAP_PERFMON % 32))) != 0
      || (data[CAP_SYS_ADMIN / 32].effective & (1u << (CAP_SYS_ADMIN % 32))) != 0;
}

gboolean
cs_pfm_software_counts_kernel (void)
{
  int paranoid;

  /* Not cached: a process may drop privileges after libpfm4 was set up. */
  if (perfmon_capable ())
    return TRUE;
  /* perf_event_paranoid 2 and above forbid kernel profiling to the
   * unprivileged; an unreadable value is treated the same. */
  paranoid = cs_perf_event_paranoid ();
  return paranoid != G_MININT && paranoid <= 1;
}

char *
cs_pfm_software_user_only_note (void)
{
  if (cs_pfm_software_counts_kernel ())
    return NULL;
  return g_strdup_printf (_("context-switches and cpu-migrations are counted for user space "
                            "only (perf_event_paranoid is %d); run as root or `sudo sysctl "
                            "kernel.perf_event_paranoid=1` to include kernel context."),
                          cs_perf_event_paranoid ());
}

static const struct
{
  const char *names[3];   /* perf's name, its alias, libpfm4's PERF_COUNT_SW_ name */
  guint64     config;
} software_events[] = {
  { { "cpu-clock", NULL, "PERF_COUNT_SW_CPU_CLOCK" }, PERF_COUNT_SW_CPU_CLOCK },
  { { "task-clock", NULL, "PERF_COUNT_SW_TASK_CLOCK" }, PERF_COUNT_SW_TASK_CLOCK },
  { { "page-faults", "faults", "PERF_COUNT_SW_PAGE_FAULTS" }, PERF_COUNT_SW_PAGE_FAULTS },
  { { "context-switches", "cs", "PERF_COUNT_SW_CONTEXT_SWITCHES" }, PERF_COUNT_SW_CONTEXT_SWITCHES },
  { { "cpu-migrations", "migrations", "PERF_COUNT_SW_CPU_MIGRATIONS" }, PERF_COUNT_SW_CPU_MIGRATIONS },
  { { "minor-faults", NULL, "PERF_COUNT_SW_PAGE_FAULTS_MIN" }, PERF_COUNT_SW_PAGE_FAULTS_MIN },
  { { "major-faults", NULL, "PERF_COUNT_SW_PAGE_FAULTS_MAJ" }, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
  { { "alignment-faults", NULL, "PERF_COUNT_SW_ALIGNMENT_FAULTS" }, PERF_COUNT_SW_ALIGNMENT_FAULTS },
  { { "emulation-faults", NULL, "PERF_COUNT_SW_EMULATION_FAULTS" }, PERF_COUNT_SW_EMULATION_FAULTS },
};

/* Parses "u", "k", "u=1", "k=0"; FALSE for anything else. */
static gboolean
parse_level (const char *mod,
             gboolean   *user,
             gboolean   *kernel)
{
  gboolean value = TRUE;
  char name = mod[0];

  if ((name != 'u' && name != 'U' && name != 'k' && name != 'K'))
    return FALSE;
  if (mod[1] == '=')
    {
      if (g_strcmp0 (mod + 2, "1") == 0)
        value = TRUE;
      else if (g_strcmp0 (mod + 2, "0") == 0)
        value = FALSE;
      else
        return FALSE;
    }
  else if (mod[1] != '\0')
    return FALSE;

  if (name == 'u' || name == 'U')
    *user = value;
  else
    *kernel = value;
  return TRUE;
}

gboolean
_cs_pfm_encode_software (const char             *event,
                         struct perf_event_attr *attr,
                         char                  **fstr)
{
  g_auto(GStrv) parts = NULL;
  const char *name;
  gboolean user = FALSE, kernel = FALSE, any_level = FALSE;
  int found = -1;

  if (g_str_has_prefix (event, "perf::"))
    event += strlen ("perf::");
  else if (strstr (event, "::") != NULL)
    return FALSE;

  parts = g_strsplit (event, ":", -1);
  name = parts[0];
  for (guint i = 0; i < G_N_ELEMENTS (software_events) && found < 0; i++)
    for (guint n = 0; n < G_N_ELEMENTS (software_events[i].names); n++)
      if (software_events[i].names[n] != NULL
          && g_ascii_strcasecmp (name, software_events[i].names[n]) == 0)
        {
          found = i;
          break;
        }
  if (found < 0)
    return FALSE;

  for (guint i = 1; parts[i] != NULL; i++)
    {
      if (!parse_level (parts[i], &user, &kernel))
        return FALSE;
      any_level = TRUE;
    }
  /* As cs_pfm_encode() asks of libpfm4: without u/k, user space plus the
   * kernel when the kernel allows it. */
  if (!any_level)
    {
      user = TRUE;
      kernel = cs_pfm_software_counts_kernel ();
    }

  memset (attr, 0, sizeof *attr);
  attr->size = sizeof *attr;
  attr->type = PERF_TYPE_SOFTWARE;
  attr->config = software_events[found].config;
  attr->exclude_user = !user;
  attr->exclude_kernel = !kernel;
  attr->exclude_hv = 1;
  if (fstr != NULL)
    *fstr = g_strdup_printf ("perf::%s:u=%d:k=%d", software_events[found].names[2], user, kernel);
  return TRUE;
}
