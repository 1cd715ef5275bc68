/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-pfm.c — libpfm4 initialisation, host PMU detection and event encoding
 *
 * libpfm4 reads its environment (LIBPFM_FORCE_PMU, LIBPFM_ENCODE_INACTIVE)
 * once, in pfm_initialize(), so the whole process sees one PMU: everything
 * here is computed once and then only read.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-perf-event.h"
#include "cs-pfm-private.h"
#include "cs-system.h"
#include <perfmon/pfmlib_perf_event.h>

#define CS_PMU_SYSFS "/sys/bus/event_source/devices"

typedef struct
{
  int        status;          /* pfm_initialize() result */
  CsPmuInfo *host;            /* NULL: no hardware PMU known to libpfm4 */
  char      *forced;          /* value of LIBPFM_FORCE_PMU, NULL if unset */
  char      *cpu;             /* "GenuineIntel family 6 model 15 (…)" */
  gboolean   kernel_ok;       /* a hardware cycles event opened */
  int        kernel_errno;
  gboolean   perf_active;     /* libpfm4's generic "perf" PMU resolves events */
} PfmState;

static char *
read_cpu_description (void)
{
  g_autofree char *contents = NULL;
  g_autofree char *vendor = NULL;
  g_autofree char *family = NULL;
  g_autofree char *model = NULL;
  g_autofree char *name = NULL;
  const char *path = g_getenv ("LIBPFM_PROC_CPUINFO");

  /* libpfm4 decides from the same file, so read the one it reads. */
  if (path == NULL || *path == '\0')
    path = "/proc/cpuinfo";
  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return g_strdup (_("unknown CPU"));

  vendor = cs_cpuinfo_value (contents, "vendor_id");
  family = cs_cpuinfo_value (contents, "cpu family");
  model = cs_cpuinfo_value (contents, "model");
  name = cs_cpuinfo_value (contents, "model name");

  /* TRANSLATORS: vendor, family and model as /proc/cpuinfo gives them,
   * e.g. "GenuineIntel family 6 model 15, “Intel(R) Core(TM)2 Duo …”" */
  return g_strdup_printf (_("%s family %s model %s, “%s”"),
                          vendor ? vendor : "?", family ? family : "?",
                          model ? model : "?", name ? name : "?");
}

/* The kernel, not libpfm4, decides whether counters exist: libpfm4 can be
 * forced to any PMU, and it recognises CPUs inside virtual machines whose
 * hypervisor hides the counters. */
static void
probe_kernel (PfmState *state)
{
  struct perf_event_attr attr = { 0 };
  int fd;

  attr.size = sizeof attr;
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = PERF_COUNT_HW_CPU_CYCLES;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;

  fd = syscall (SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd >= 0)
    {
      state->kernel_ok = TRUE;
      close (fd);
    }
  else
    {
      state->kernel_ok = FALSE;
      state->kernel_errno = errno;
    }
}

/* The core PMU wins over uncore ones, and a model-specific table over the
 * architectural fallback (ix86arch), which only knows a handful of events. */
static int
pmu_rank (const pfm_pmu_info_t *info)
{
  int rank = 0;

  if (info->type == PFM_PMU_TYPE_CORE)
    rank += 2;
  if (!info->is_dfl)
    rank += 1;
  return rank;
}

static CsPmuInfo *
detect_host_pmu (PfmState *state)
{
  pfm_pmu_info_t best = { 0 };
  int best_rank = -1;
  pfm_pmu_t pmu;
  CsPmuInfo *host;

  pfm_for_all_pmus (pmu)
    {
      pfm_pmu_info_t info;

      if (!_cs_pfm_get_pmu_info (pmu, &info) || !info.is_present)
        continue;
      if (info.type == PFM_PMU_TYPE_OS_GENERIC || info.pmu == PFM_PMU_PERF_EVENT
          || info.pmu == PFM_PMU_PERF_EVENT_RAW)
        {
          if (info.pmu == PFM_PMU_PERF_EVENT)
            state->perf_active = TRUE;
          continue;
        }
      if (pmu_rank (&info) > best_rank)
        {
          best = info;
          best_rank = pmu_rank (&info);
        }
    }

  if (best_rank < 0)
    return NULL;

  host = g_new0 (CsPmuInfo, 1);
  host->name = g_strdup (best.name);
  host->description = g_strdup (best.desc);
  host->pmu_id = best.pmu;
  host->n_generic = MAX (best.num_cntrs, 0);
  host->n_fixed = MAX (best.num_fixed_cntrs, 0);
  host->n_events = MAX (best.nevents, 0);
  host->forced = state->forced != NULL;
  host->kernel_usable = state->kernel_ok;
  return host;
}

static gpointer
init_once (gpointer data)
{
  PfmState *state = g_new0 (PfmState, 1);
  const char *forced = g_getenv ("LIBPFM_FORCE_PMU");

  state->forced = (forced != NULL && *forced != '\0') ? g_strdup (forced) : NULL;
  state->cpu = read_cpu_description ();
  probe_kernel (state);
  state->status = pfm_initialize ();
  if (state->status == PFM_SUCCESS)
    state->host = detect_host_pmu (state);
  return state;
}

static PfmState *
get_state (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, init_once, NULL);
}

gboolean
_cs_pfm_ready (void)
{
  return get_state ()->status == PFM_SUCCESS;
}

gboolean
_cs_pfm_get_pmu_info (pfm_pmu_t       pmu,
                      pfm_pmu_info_t *info)
{
  memset (info, 0, sizeof *info);
  info->size = sizeof *info;
  return pfm_get_pmu_info (pmu, info) == PFM_SUCCESS && info->name != NULL;
}

gboolean
_cs_pfm_kernel_counts_hardware (void)
{
  return get_state ()->kernel_ok;
}

gboolean
cs_pfm_init (GError **error)
{
  PfmState *state = get_state ();

  if (state->status != PFM_SUCCESS)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PFM,
                   _("libpfm4 could not initialise: %s. Check the LIBPFM_* environment variables."),
                   pfm_strerror (state->status));
      return FALSE;
    }
  return TRUE;
}

const CsPmuInfo *
cs_pfm_get_host_pmu (void)
{
  return get_state ()->host;
}

GArray *
_cs_pfm_active_pmus (void)
{
  PfmState *state = get_state ();
  GArray *pmus = g_array_new (FALSE, FALSE, sizeof (pfm_pmu_t));

  if (state->status != PFM_SUCCESS)
    return pmus;
  if (state->host != NULL)
    {
      pfm_pmu_t id = state->host->pmu_id;
      g_array_append_val (pmus, id);
    }
  if (state->perf_active)
    {
      pfm_pmu_t id = PFM_PMU_PERF_EVENT;
      g_array_append_val (pmus, id);
    }
  return pmus;
}

const char *
_cs_pfm_lookup_pmu_name (const char *event)
{
  PfmState *state = get_state ();

  if (event != NULL && strstr (event, "::") != NULL)
    {
      g_autofree char *prefix = g_strndup (event, strstr (event, "::") - event);

      /* Interned: the returned name lives as long as the process, like the
       * other names returned here. */
      return g_intern_string (prefix);
    }
  if (state->host != NULL)
    return state->host->name;
  if (state->perf_active)
    return "perf";
  return state->forced != NULL ? state->forced : "none";
}

char *
_cs_pfm_join_alternatives (const char * const *names)
{
  guint n = names ? g_strv_length ((char **) names) : 0;
  GString *out;

  if (n == 0)
    return g_strdup ("");
  if (n == 1)
    return g_strdup (names[0]);

  out = g_string_new (names[0]);
  for (guint i = 1; i + 1 < n; i++)
    g_string_append_printf (out, ", %s", names[i]);
  /* TRANSLATORS: joins the last two of a list of alternatives: "A, B or C" */
  g_string_append_printf (out, _(" or %s"), names[n - 1]);
  return g_string_free (out, FALSE);
}

static gboolean
cpu_device_present (void)
{
  /* Hybrid Intel parts name their core PMUs cpu_core and cpu_atom. */
  return g_file_test (CS_PMU_SYSFS "/cpu", G_FILE_TEST_IS_DIR)
      || g_file_test (CS_PMU_SYSFS "/cpu_core", G_FILE_TEST_IS_DIR)
      || g_file_test (CS_PMU_SYSFS "/cpu_atom", G_FILE_TEST_IS_DIR);
}

static char *
kernel_reason (PfmState *state)
{
  int err = state->kernel_errno;

  if (err == EACCES || err == EPERM)
    return g_strdup_printf (_("Hardware counters are not allowed for this user "
                              "(perf_event_paranoid is %d): run "
                              "`sudo sysctl kernel.perf_event_paranoid=1`."),
                            cs_perf_event_paranoid ());
  if (!cpu_device_present ())
    return g_strdup_printf (_("No hardware PMU: the kernel exposes no CPU performance counters "
                              "(%s/cpu is missing; typical of virtual machines). "
                              "Software events (task-clock, page-faults, context-switches, "
                              "cpu-migrations, cpu-clock sampling) still work."),
                            CS_PMU_SYSFS);
  return g_strdup_printf (_("The kernel refused a hardware cycles event (%s): the CPU "
                            "performance counters may be in use by another tool or "
                            "disabled by the hypervisor. Software events still work."),
                          g_strerror (err));
}

gboolean
cs_pfm_hardware_usable (char **reason)
{
  PfmState *state = get_state ();
  g_autofree char *why = NULL;

  if (state->status != PFM_SUCCESS)
    {
      why = g_strdup_printf (_("libpfm4 could not initialise: %s."),
                             pfm_strerror (state->status));
    }
  else if (!state->kernel_ok)
    {
      g_autofree char *kernel = kernel_reason (state);

      if (state->host == NULL && state->forced == NULL)
        {
          g_autofree char *also = NULL;

          also = g_strdup_printf (_("libpfm4 does not know this CPU either (%s)."), state->cpu);
          why = g_strconcat (kernel, " ", also, NULL);
        }
      else
        why = g_steal_pointer (&kernel);
    }
  else if (state->host == NULL && state->forced != NULL)
    {
      why = g_strdup_printf (_("LIBPFM_FORCE_PMU=%s names no PMU libpfm4 knows: unset it "
                               "or use a PMU name libpfm4 lists (`cyclescope events --pmu NAME`)."),
                             state->forced);
    }
  else if (state->host == NULL)
    {
      why = g_strdup_printf (_("libpfm4 does not know this CPU (%s): its hardware events "
                               "have no names here. perf's generic events (model “generic”) "
                               "and software events still work."),
                             state->cpu);
    }

  if (why == NULL)
    {
      if (reason != NULL)
        *reason = NULL;
      return TRUE;
    }
  if (reason != NULL)
    *reason = g_steal_pointer (&why);
  return FALSE;
}

static int
encode_raw (const char             *event,
            int                     plm,
            struct perf_event_attr *attr,
            char                  **fstr)
{
  pfm_perf_encode_arg_t arg;
  char *qualified = NULL;
  int ret;

  memset (attr, 0, sizeof *attr);
  attr->size = sizeof *attr;
  memset (&arg, 0, sizeof arg);
  arg.attr = (void *) attr;
  arg.fstr = &qualified;
  arg.size = sizeof arg;

  ret = pfm_get_os_event_encoding (event, plm, PFM_OS_PERF_EVENT_EXT, &arg);
  /* libpfm4 copies min(attr.size, its own size) and may write its own
   * (older) size back; the kernel must see ours. */
  attr->size = sizeof *attr;

  if (ret == PFM_SUCCESS && fstr != NULL)
    {
      /* Some events (TOPDOWN_M metrics in newer libpfm4) encode without a
       * fully qualified string; fall back to what the caller wrote. */
      *fstr = qualified != NULL ? g_strdup (qualified) : g_strdup (event);
    }
  free (qualified);
  return ret;
}

/* Hardware events count user space only unless the string says otherwise:
 * that is what the cycle-accounting models describe. A software event such
 * as context-switches happens in the kernel by nature (user-only
 * context-switches always read 0), so it counts kernel context too whenever
 * the kernel allows it. libpfm4 applies the default level only when the
 * string has no u/k modifier, so explicit levels are kept. */
static int
encode_default_level (const char             *event,
                      struct perf_event_attr *attr,
                      char                  **fstr)
{
  int ret = encode_raw (event, PFM_PLM3, attr, fstr);

  if (ret == PFM_SUCCESS && cs_pfm_is_software (attr) && cs_pfm_software_counts_kernel ())
    {
      if (fstr != NULL)
        g_clear_pointer (fstr, g_free);
      ret = encode_raw (event, PFM_PLM0 | PFM_PLM3, attr, fstr);
    }
  return ret;
}

static void
set_encode_error (GError    **error,
                  const char *event,
                  int         ret)
{
  const char *pmu = _cs_pfm_lookup_pmu_name (event);
  g_auto(GStrv) close = cs_pfm_suggest (event, 3);
  g_autofree char *joined = _cs_pfm_join_alternatives ((const char * const *) close);
  g_autofree char *msg = NULL;

  if (ret == PFM_ERR_NOTFOUND)
    msg = g_strdup_printf (_("unknown event “%s” for PMU %s"), event, pmu);
  else if (ret == PFM_ERR_ATTR)
    msg = g_strdup_printf (_("event “%s” for PMU %s has an unknown unit mask or modifier"),
                           event, pmu);
  else if (ret == PFM_ERR_UMASK)
    msg = g_strdup_printf (_("event “%s” for PMU %s needs a valid unit mask"), event, pmu);
  else if (ret == PFM_ERR_ATTR_VAL)
    msg = g_strdup_printf (_("event “%s” for PMU %s has a modifier value out of range"),
                           event, pmu);
  else
    /* TRANSLATORS: the last %s is libpfm4's error text, e.g. "invalid or missing unit mask" */
    msg = g_strdup_printf (_("cannot encode event “%s” for PMU %s: %s"),
                           event, pmu, pfm_strerror (ret));

  if (close != NULL && close[0] != NULL)
    g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT,
                 /* TRANSLATORS: "unknown event “FOO” for PMU core: did you mean A, B or C?" */
                 _("%s: did you mean %s?"), msg, joined);
  else
    g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT,
                 _("%s. `cyclescope events` lists the events this PMU knows."), msg);
}

gboolean
cs_pfm_encode (const char             *event,
               struct perf_event_attr *attr,
               char                  **fstr,
               GError                **error)
{
  int ret;

  g_return_val_if_fail (attr != NULL, FALSE);

  if (fstr != NULL)
    *fstr = NULL;
  if (!cs_pfm_init (error))
    return FALSE;
  if (event == NULL || *event == '\0')
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT,
                   _("empty event name: give a libpfm4 event such as %s"),
                   get_state ()->host ? "INSTRUCTIONS_RETIRED" : "task-clock");
      return FALSE;
    }

  ret = encode_default_level (event, attr, fstr);
  if (ret == PFM_ERR_NOTFOUND && !get_state ()->perf_active
      && _cs_pfm_encode_software (event, attr, fstr))
    return TRUE;
  if (ret != PFM_SUCCESS)
    {
      set_encode_error (error, event, ret);
      return FALSE;
    }
  return TRUE;
}

gboolean
cs_pfm_encode_any (const char             *event,
                   const char * const     *alternatives,
                   struct perf_event_attr *attr,
                   char                  **fstr,
                   char                  **used,
                   GError                **error)
{
  g_autoptr(GError) first = NULL;

  if (used != NULL)
    *used = NULL;
  if (cs_pfm_encode (event, attr, fstr, &first))
    {
      if (used != NULL)
        *used = g_strdup (event);
      return TRUE;
    }
  if (first->code != CS_COLLECTOR_ERROR_UNKNOWN_EVENT)
    {
      g_propagate_error (error, g_steal_pointer (&first));
      return FALSE;
    }

  for (guint i = 0; alternatives != NULL && alternatives[i] != NULL; i++)
    if (encode_default_level (alternatives[i], attr, fstr) == PFM_SUCCESS
        || (!get_state ()->perf_active && _cs_pfm_encode_software (alternatives[i], attr, fstr)))
      {
        if (used != NULL)
          *used = g_strdup (alternatives[i]);
        return TRUE;
      }

  if (alternatives != NULL && alternatives[0] != NULL)
    {
      g_autofree char *tried = g_strjoinv (", ", (char **) alternatives);

      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT,
                   /* TRANSLATORS: an encoding error, then the other spellings tried */
                   _("%s (the alternatives %s do not encode either)"),
                   first->message, tried);
    }
  else
    g_propagate_error (error, g_steal_pointer (&first));
  return FALSE;
}

gboolean
cs_pfm_is_software (const struct perf_event_attr *attr)
{
  return attr != NULL && attr->type == PERF_TYPE_SOFTWARE;
}
