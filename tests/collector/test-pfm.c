/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pfm.c — the libpfm4 event layer under real libpfm4
 *
 * libpfm4 reads LIBPFM_FORCE_PMU once per process, so meson runs this
 * program several times: as "pfm" with LIBPFM_FORCE_PMU=core, "pfm-nhm" with
 * nhm and "pfm-host" without. Each run registers the cases that apply.
 * Expected encodings come from Intel's event tables (Intel 64 and IA-32
 * Architectures Software Developer's Manual, vol. 3B: event | umask << 8 |
 * inv << 23 | cmask << 24), counter counts from libpfm4's PMU tables, not
 * from the code under test.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-pfm.h"
#include "cs-test-util.h"

static const char *
forced (void)
{
  const char *pmu = g_getenv ("LIBPFM_FORCE_PMU");

  return pmu != NULL && *pmu != '\0' ? pmu : NULL;
}

/* The kernel is the oracle for privilege: may this process count a software
 * event's kernel part? (perf_event_open refuses with EACCES when it may not.) */
static gboolean
kernel_allows_kernel_context (void)
{
  int err;

  if (cs_test_kernel_opens (PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, FALSE, &err))
    return TRUE;
  g_assert_true (err == EACCES || err == EPERM);
  return FALSE;
}

static void
assert_raw (const char *event,
            guint64     config,
            guint64     config1)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fstr = NULL;
  struct perf_event_attr attr;

  memset (&attr, 0xff, sizeof attr);
  g_assert_true (cs_pfm_encode (event, &attr, &fstr, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (attr.size, ==, sizeof attr);
  g_assert_cmpuint (attr.type, ==, PERF_TYPE_RAW);
  g_assert_cmphex (attr.config, ==, config);
  g_assert_cmphex (attr.config1, ==, config1);
  /* User space only by default (PFM_PLM3). */
  g_assert_cmpuint (attr.exclude_user, ==, 0);
  g_assert_cmpuint (attr.exclude_kernel, ==, 1);
  g_assert_nonnull (fstr);
  g_assert_true (g_str_has_prefix (fstr, forced ()));
}

static void
test_core_encode (void)
{
  assert_raw ("RS_UOPS_DISPATCHED:c=1:i=1", 0x18000a0, 0);
  assert_raw ("MEM_LOAD_RETIRED:L2_LINE_MISS", 0x8cb, 0);
  /* Case and separator do not matter to libpfm4. */
  assert_raw ("mem_load_retired.l2_line_miss", 0x8cb, 0);
  assert_raw ("BR_INST_RETIRED_MISPRED", 0xc5, 0);
}

static void
test_core_privilege (void)
{
  g_autoptr(GError) error = NULL;
  struct perf_event_attr attr;

  /* ":k" alone means kernel only: the default level no longer applies. */
  g_assert_true (cs_pfm_encode ("MEM_LOAD_RETIRED:L2_LINE_MISS:k", &attr, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (attr.exclude_user, ==, 1);
  g_assert_cmpuint (attr.exclude_kernel, ==, 0);

  g_assert_true (cs_pfm_encode ("INSTRUCTIONS_RETIRED:u:k", &attr, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (attr.exclude_user, ==, 0);
  g_assert_cmpuint (attr.exclude_kernel, ==, 0);
}

/* The caller may not want the qualified string, and libpfm4 may give none
 * (TOPDOWN_M metrics in later versions): neither may crash or leak, and a
 * requested fstr is never NULL on success. */
static void
test_null_fstr (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fstr = NULL;
  struct perf_event_attr attr;

  g_assert_true (cs_pfm_encode ("UNHALTED_CORE_CYCLES", &attr, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmphex (attr.config, ==, 0x3c);

  g_assert_true (cs_pfm_encode ("UNHALTED_CORE_CYCLES", &attr, &fstr, &error));
  g_assert_nonnull (fstr);
  g_assert_nonnull (strstr (fstr, "UNHALTED_CORE_CYCLES"));
}

static void
assert_unknown (const char *event,
                const char *expected_suggestion)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fstr = NULL;
  g_autofree char *quoted = g_strdup_printf ("“%s”", event);
  struct perf_event_attr attr;

  g_assert_false (cs_pfm_encode (event, &attr, &fstr, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
  g_assert_null (fstr);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, quoted));
  g_assert_nonnull (strstr (error->message, forced ()));
  g_assert_nonnull (strstr (error->message, "did you mean"));
  g_assert_nonnull (strstr (error->message, expected_suggestion));
}

static void
test_core_unknown (void)
{
  g_auto(GStrv) close = NULL;

  /* One letter off: the intended name must be among the suggestions. */
  assert_unknown ("RS_UOPS_DISPATCH", "RS_UOPS_DISPATCHED");
  assert_unknown ("MEM_LOAD_RETIRED:L2_LINE_MIS", "MEM_LOAD_RETIRED:L2_LINE_MISS");
  /* The reference's spelling traps on core. */
  assert_unknown ("BR_INST_RETIRED:MISPRED", "BR_INST_RETIRED");
  assert_unknown ("INST_RETIRED:ANY", "INST_RETIRED:ANY_P");

  close = cs_pfm_suggest ("UNHALTED_CORE_CYCLE", 3);
  g_assert_cmpuint (g_strv_length (close), ==, 3);
  g_assert_cmpstr (close[0], ==, "UNHALTED_CORE_CYCLES");
}

static void
test_encode_any (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *used = NULL;
  g_autofree char *fstr = NULL;
  const char *alternatives[] = { "NO_SUCH_EVENT", "RS_UOPS_DISPATCHED_NONE", NULL };
  const char *bad[] = { "NOPE_1", "NOPE_2", NULL };
  struct perf_event_attr attr;

  /* The reference: RS_UOPS_DISPATCHED_NONE is RS_UOPS_DISPATCHED:c=1:i=1. */
  g_assert_true (cs_pfm_encode_any ("RS_UOPS_DISPATCHED:NO_SUCH_UMASK", alternatives,
                                    &attr, &fstr, &used, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (used, ==, "RS_UOPS_DISPATCHED_NONE");
  g_assert_cmphex (attr.config, ==, 0x18000a0);

  g_clear_pointer (&used, g_free);
  g_assert_false (cs_pfm_encode_any ("NOPE_0", bad, &attr, NULL, &used, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
  g_assert_null (used);
  g_assert_nonnull (strstr (error->message, "NOPE_0"));
  g_assert_nonnull (strstr (error->message, "NOPE_2"));
}

static void
test_core_host (void)
{
  const CsPmuInfo *pmu;

  g_assert_true (cs_pfm_init (NULL));
  pmu = cs_pfm_get_host_pmu ();
  g_assert_nonnull (pmu);
  g_assert_cmpstr (pmu->name, ==, "core");
  g_assert_true (pmu->forced);
  g_assert_cmpuint (pmu->n_generic, ==, 2);
  g_assert_cmpuint (pmu->n_fixed, ==, 3);
  g_assert_cmpuint (pmu->n_events, ==, 133);
  g_assert_nonnull (pmu->description);
}

static void
test_core_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = cs_pfm_list_events (NULL, "mem_load_retired", &error);
  gboolean umask = FALSE, user = FALSE;
  CsEventInfo *info;

  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 1);
  info = g_ptr_array_index (events, 0);
  g_assert_cmpstr (info->pmu, ==, "core");
  g_assert_cmpstr (info->name, ==, "MEM_LOAD_RETIRED");
  g_assert_cmphex (info->code, ==, 0xcb);
  g_assert_cmpstr (info->description, !=, "");
  for (guint i = 0; i < info->attrs->len; i++)
    {
      CsEventAttrInfo *attr = g_ptr_array_index (info->attrs, i);

      if (g_str_equal (attr->name, "L2_LINE_MISS"))
        umask = !attr->is_modifier && *attr->description != '\0';
      if (g_str_equal (attr->name, "u"))
        user = attr->is_modifier;
    }
  g_assert_true (umask);
  g_assert_true (user);

  g_clear_pointer (&events, g_ptr_array_unref);
  events = cs_pfm_list_events (NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 133);
}

/* Without a forced PMU, libpfm4 sets up every table it has: other PMUs'
 * events list (but do not encode) in the same process. */
static void
test_other_pmu_tables (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPmuInfo) nhm = cs_pfm_find_pmu ("NHM");
  g_autoptr(GPtrArray) events = NULL;
  struct perf_event_attr attr;

  g_assert_nonnull (nhm);
  g_assert_cmpstr (nhm->name, ==, "nhm");
  g_assert_cmpuint (nhm->n_generic, ==, 4);
  g_assert_cmpuint (nhm->n_fixed, ==, 3);
  g_assert_false (nhm->forced);
  g_assert_null (cs_pfm_find_pmu ("no_such_pmu"));

  events = cs_pfm_list_events ("nhm", "OFFCORE_RESPONSE", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_cmpstr (((CsEventInfo *) g_ptr_array_index (events, 0))->name, ==, "OFFCORE_RESPONSE_0");

  g_clear_pointer (&events, g_ptr_array_unref);
  events = cs_pfm_list_events ("nhn", NULL, &error);
  g_assert_null (events);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PFM);
  g_assert_nonnull (strstr (error->message, "nhm"));
  g_clear_error (&error);

  /* Listed, but not active: nhm events do not encode here. */
  if (cs_pfm_get_host_pmu () != NULL && g_str_equal (cs_pfm_get_host_pmu ()->name, "nhm"))
    return;
  g_assert_false (cs_pfm_encode ("OFFCORE_RESPONSE_0:DMND_DATA_RD:LOCAL_DRAM", &attr, NULL, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
}

static void
test_nhm_encode (void)
{
  const CsPmuInfo *pmu;

  assert_raw ("OFFCORE_RESPONSE_0:DMND_DATA_RD:LOCAL_DRAM", 0x1b7, 0x4001);
  /* The bare name is ANY_REQUEST:ANY_RESPONSE. */
  assert_raw ("OFFCORE_RESPONSE_0", 0x1b7, 0xffff);

  pmu = cs_pfm_get_host_pmu ();
  g_assert_nonnull (pmu);
  g_assert_cmpstr (pmu->name, ==, "nhm");
  g_assert_true (pmu->forced);
  g_assert_cmpuint (pmu->n_generic, ==, 4);
  g_assert_cmpuint (pmu->n_fixed, ==, 3);
  g_assert_cmpuint (pmu->n_events, ==, 93);
}

static void
test_hardware_usable (void)
{
  g_autofree char *reason = NULL;
  gboolean usable = cs_pfm_hardware_usable (&reason);
  int err = 0;

  g_test_message ("usable=%d reason=%s", usable, reason ? reason : "(none)");
  if (!cs_test_kernel_opens (PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, TRUE, &err))
    {
      g_assert_false (usable);
      g_assert_nonnull (reason);
      if (!g_file_test ("/sys/bus/event_source/devices/cpu", G_FILE_TEST_EXISTS)
          && err != EACCES && err != EPERM)
        {
          g_assert_nonnull (strstr (reason, "No hardware PMU"));
          g_assert_nonnull (strstr (reason, "/sys/bus/event_source/devices/cpu"));
          g_assert_nonnull (strstr (reason, "task-clock"));
        }
    }
  else if (usable)
    g_assert_null (reason);
  else
    g_assert_nonnull (reason);

  /* The NULL-reason form answers the same. */
  g_assert_cmpint (cs_pfm_hardware_usable (NULL), ==, usable);
}

static void
test_host_software (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) close = NULL;
  struct perf_event_attr attr;

  if (cs_pfm_get_host_pmu () != NULL)
    g_test_message ("host PMU: %s", cs_pfm_get_host_pmu ()->name);

  /* perf's generic PMU is active without a forced PMU: the kernel's own
   * software event numbers (linux/perf_event.h). */
  g_assert_true (cs_pfm_encode ("task-clock", &attr, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (attr.type, ==, PERF_TYPE_SOFTWARE);
  g_assert_cmphex (attr.config, ==, PERF_COUNT_SW_TASK_CLOCK);
  g_assert_true (cs_pfm_is_software (&attr));
  /* Kernel context when the kernel allows it (see /pfm/software-level). */
  g_assert_cmpuint (attr.exclude_kernel, ==, !kernel_allows_kernel_context ());

  g_assert_true (cs_pfm_encode ("perf::page-faults", &attr, NULL, &error));
  g_assert_cmphex (attr.config, ==, PERF_COUNT_SW_PAGE_FAULTS);

  g_assert_true (cs_pfm_encode ("cycles", &attr, NULL, &error));
  g_assert_cmpuint (attr.type, ==, PERF_TYPE_HARDWARE);
  g_assert_cmphex (attr.config, ==, PERF_COUNT_HW_CPU_CYCLES);
  g_assert_false (cs_pfm_is_software (&attr));

  close = cs_pfm_suggest ("task-clok", 3);
  g_assert_nonnull (close[0]);
  g_assert_cmpstr (close[0], ==, "TASK-CLOCK");

  g_assert_false (cs_pfm_encode ("", &attr, NULL, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
}

/* With a PMU forced, libpfm4's perf PMU is inactive, yet the software
 * events must still encode (they do not depend on the PMU). */
static void
test_forced_software (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fstr = NULL;
  g_autofree char *used = NULL;
  const char *alternatives[] = { "page-faults", NULL };
  struct perf_event_attr attr;

  g_assert_true (cs_pfm_encode ("task-clock", &attr, &fstr, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (attr.size, ==, sizeof attr);
  g_assert_cmpuint (attr.type, ==, PERF_TYPE_SOFTWARE);
  g_assert_cmphex (attr.config, ==, PERF_COUNT_SW_TASK_CLOCK);
  g_assert_cmpuint (attr.exclude_user, ==, 0);
  g_assert_cmpuint (attr.exclude_kernel, ==, !kernel_allows_kernel_context ());
  g_assert_nonnull (fstr);

  g_assert_true (cs_pfm_encode ("perf::PERF_COUNT_SW_CONTEXT_SWITCHES:k", &attr, NULL, &error));
  g_assert_cmphex (attr.config, ==, PERF_COUNT_SW_CONTEXT_SWITCHES);
  g_assert_cmpuint (attr.exclude_user, ==, 1);
  g_assert_cmpuint (attr.exclude_kernel, ==, 0);

  g_assert_true (cs_pfm_encode_any ("perf::PAGE_FAULTS_TYPO", alternatives, &attr, NULL, &used, &error));
  g_assert_cmpstr (used, ==, "page-faults");
  g_assert_cmphex (attr.config, ==, PERF_COUNT_SW_PAGE_FAULTS);

  /* Hardware generic events are not faked: they need the PMU. */
  g_assert_false (cs_pfm_encode ("cycles", &attr, NULL, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
  g_clear_error (&error);
  g_assert_false (cs_pfm_encode ("task-clock:c=1", &attr, NULL, &error));
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
}

/* Software events without u/k count kernel context exactly when the kernel
 * lets this process do so; explicit levels are kept; the encoding opens. */
static void
check_software_level (void)
{
  const char *events[] = { "context-switches", "cpu-migrations", "page-faults",
                           "perf::PERF_COUNT_SW_CONTEXT_SWITCHES", NULL };
  gboolean kernel = kernel_allows_kernel_context ();
  g_autoptr(GError) error = NULL;
  g_autofree char *note = cs_pfm_software_user_only_note ();
  struct perf_event_attr attr;

  g_test_message ("euid %u, paranoid %d: kernel context %s", (guint) geteuid (),
                  cs_test_read_paranoid (), kernel ? "allowed" : "refused");
  g_assert_cmpint (cs_pfm_software_counts_kernel (), ==, kernel);

  for (guint i = 0; events[i] != NULL; i++)
    {
      g_autofree char *fstr = NULL;
      int fd;

      g_assert_true (cs_pfm_encode (events[i], &attr, &fstr, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (attr.type, ==, PERF_TYPE_SOFTWARE);
      g_assert_cmpuint (attr.exclude_user, ==, 0);
      g_assert_cmpuint (attr.exclude_kernel, ==, !kernel);
      g_assert_nonnull (strstr (fstr, kernel ? "k=1" : "k=0"));
      fd = syscall (SYS_perf_event_open, &attr, 0, -1, -1, 0);
      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }

  g_assert_true (cs_pfm_encode ("context-switches:u", &attr, NULL, &error));
  g_assert_cmpuint (attr.exclude_user, ==, 0);
  g_assert_cmpuint (attr.exclude_kernel, ==, 1);
  g_assert_true (cs_pfm_encode ("perf::PERF_COUNT_SW_CPU_MIGRATIONS:k", &attr, NULL, &error));
  g_assert_cmpuint (attr.exclude_user, ==, 1);
  g_assert_cmpuint (attr.exclude_kernel, ==, 0);

  /* Hardware events stay user-only by default, whoever runs. */
  if (forced () != NULL && g_str_equal (forced (), "core"))
    {
      g_assert_true (cs_pfm_encode ("UNHALTED_CORE_CYCLES", &attr, NULL, &error));
      g_assert_cmpuint (attr.exclude_kernel, ==, 1);
    }

  if (kernel)
    g_assert_null (note);
  else
    {
      g_autofree char *level = g_strdup_printf ("perf_event_paranoid is %d", cs_test_read_paranoid ());

      g_assert_nonnull (note);
      g_test_message ("%s", note);
      g_assert_nonnull (strstr (note, "context-switches and cpu-migrations"));
      g_assert_nonnull (strstr (note, level));
      g_assert_nonnull (strstr (note, "sudo sysctl kernel.perf_event_paranoid=1"));
    }
}

static void
test_software_level_root (void)
{
  if (geteuid () != 0)
    {
      g_test_skip ("not running as root");
      return;
    }
  /* Root has CAP_PERFMON / CAP_SYS_ADMIN: the kernel never refuses it. */
  g_assert_true (kernel_allows_kernel_context ());
  check_software_level ();
}

/* The same process dropped to user nobody: at perf_event_paranoid >= 2
 * (Debian's default) the kernel refuses kernel context, so the software
 * events must fall back to user space and the note must say why. */
static void
test_software_level_nobody (void)
{
  if (geteuid () != 0)
    {
      g_test_skip ("needs root to drop to user nobody");
      return;
    }
  if (g_test_subprocess ())
    {
      g_assert_true (cs_test_drop_to_nobody ());
      if (cs_test_read_paranoid () >= 2)
        g_assert_false (kernel_allows_kernel_context ());
      check_software_level ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_host_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = NULL;

  if (cs_pfm_get_host_pmu () != NULL)
    {
      g_test_skip ("a hardware PMU is present; the perf fallback is not listed");
      return;
    }
  events = cs_pfm_list_events (NULL, "TASK_CLOCK", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_cmpstr (((CsEventInfo *) g_ptr_array_index (events, 0))->pmu, ==, "perf");
  g_assert_cmpstr (((CsEventInfo *) g_ptr_array_index (events, 0))->name, ==,
                   "PERF_COUNT_SW_TASK_CLOCK");
}

int
main (int    argc,
      char **argv)
{
  const char *pmu = forced ();

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pfm/hardware-usable", test_hardware_usable);
  if (pmu == NULL)
    {
      g_test_add_func ("/pfm/host/software", test_host_software);
      g_test_add_func ("/pfm/host/list", test_host_list);
      g_test_add_func ("/pfm/host/other-tables", test_other_pmu_tables);
      g_test_add_func ("/pfm/host/software-level/root", test_software_level_root);
      g_test_add_func ("/pfm/host/software-level/nobody", test_software_level_nobody);
    }
  else if (g_str_equal (pmu, "core"))
    {
      g_test_add_func ("/pfm/core/encode", test_core_encode);
      g_test_add_func ("/pfm/core/privilege", test_core_privilege);
      g_test_add_func ("/pfm/core/null-fstr", test_null_fstr);
      g_test_add_func ("/pfm/core/unknown", test_core_unknown);
      g_test_add_func ("/pfm/core/encode-any", test_encode_any);
      g_test_add_func ("/pfm/core/host", test_core_host);
      g_test_add_func ("/pfm/core/software", test_forced_software);
      g_test_add_func ("/pfm/core/list", test_core_list);
      g_test_add_func ("/pfm/core/software-level/root", test_software_level_root);
      g_test_add_func ("/pfm/core/software-level/nobody", test_software_level_nobody);
    }
  else if (g_str_equal (pmu, "nhm"))
    g_test_add_func ("/pfm/nhm/encode", test_nhm_encode);

  return g_test_run ();
}
