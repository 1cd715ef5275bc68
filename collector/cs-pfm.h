/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-pfm.h — the libpfm4 event layer
 *
 * Initialises libpfm4 once per process (it reads LIBPFM_FORCE_PMU then),
 * detects the host PMU, encodes event strings into perf_event_attr and lists
 * events. Tests force a PMU with LIBPFM_FORCE_PMU=<pmu> (one per process).
 */
#pragma once

#include <glib.h>
#include <linux/perf_event.h>

G_BEGIN_DECLS

typedef struct
{
  char     *name;          /* libpfm4 PMU name, e.g. "core", "nhm", "skl" */
  char     *description;   /* e.g. "Intel Core" */
  int       pmu_id;        /* pfm_pmu_t */
  guint     n_generic;     /* general-purpose counters */
  guint     n_fixed;       /* fixed counters */
  guint     n_events;
  gboolean  forced;        /* chosen through LIBPFM_FORCE_PMU */
  gboolean  kernel_usable; /* the kernel exposes a hardware PMU (cycles opens) */
} CsPmuInfo;

typedef struct
{
  char  *name;             /* umask or modifier name */
  char  *description;
  gboolean is_modifier;
  gboolean is_default;
} CsEventAttrInfo;

typedef struct
{
  char      *pmu;          /* PMU name */
  char      *name;         /* event name */
  char      *description;
  guint64    code;
  GPtrArray *attrs;        /* CsEventAttrInfo* */
} CsEventInfo;

gboolean    cs_pfm_init               (GError          **error);
/* The hardware PMU libpfm4 detected (or was forced to), or NULL. Owned by the
 * layer. */
const CsPmuInfo *cs_pfm_get_host_pmu  (void);
/* TRUE when hardware events can be counted here: libpfm4 knows the PMU and
 * the kernel opens a hardware cycles event. Otherwise @reason (if not NULL)
 * gets a sentence saying why and what still works. */
gboolean    cs_pfm_hardware_usable    (char            **reason);
/* Encodes @event for user-space counting (PFM_PLM3 unless the string says
 * otherwise; software events without u/k also count kernel context when
 * cs_pfm_software_counts_kernel() says so). attr->size is set; @fstr (nullable) receives the fully
 * qualified string, or a copy of @event when libpfm4 gives none. On failure:
 * CS_COLLECTOR_ERROR_UNKNOWN_EVENT naming the event and up to three closest
 * valid names. */
gboolean    cs_pfm_encode             (const char             *event,
                                       struct perf_event_attr *attr,
                                       char                  **fstr,
                                       GError                **error);
/* Tries @event then each alternative; @used receives the spelling that worked. */
gboolean    cs_pfm_encode_any         (const char             *event,
                                       const char * const     *alternatives,
                                       struct perf_event_attr *attr,
                                       char                  **fstr,
                                       char                  **used,
                                       GError                **error);
/* Events of @pmu (NULL: the host PMU, plus the generic "perf" PMU when there
 * is no hardware PMU) whose name contains @pattern (case-insensitive; NULL:
 * all). Free with g_ptr_array_unref. */
GPtrArray  *cs_pfm_list_events        (const char      *pmu,
                                       const char      *pattern,
                                       GError         **error);
void        cs_event_info_free        (CsEventInfo     *info);
/* Up to @max known event names closest to @bad (edit distance), NULL-terminated. */
char      **cs_pfm_suggest            (const char      *bad,
                                       guint            max);
/* TRUE for events the kernel counts in software (type PERF_TYPE_SOFTWARE). */
gboolean    cs_pfm_is_software        (const struct perf_event_attr *attr);

/* Appended by the event layer: */
/* A PMU libpfm4 has tables for, active or not (case-insensitive name), or
 * NULL. Without LIBPFM_FORCE_PMU every table is set up, so any PMU's events
 * list (cs_pfm_list_events) but encode only when it is the host PMU; with a
 * forced PMU libpfm4 sets up only a few. Free with cs_pmu_info_free(). */
CsPmuInfo  *cs_pfm_find_pmu           (const char      *name);
void        cs_pmu_info_free          (CsPmuInfo       *info);

/* Software events (context-switches, cpu-migrations, page-faults…) written
 * without u/k count kernel context too when the kernel allows it: the process
 * has CAP_PERFMON or CAP_SYS_ADMIN (root), or perf_event_paranoid is <= 1.
 * Asked anew on every call. */
gboolean    cs_pfm_software_counts_kernel  (void);
/* NULL when cs_pfm_software_counts_kernel(); otherwise the translated
 * sentence for the session notes saying that context switches and CPU
 * migrations are counted for user space only and how to change that. */
char       *cs_pfm_software_user_only_note (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsPmuInfo, cs_pmu_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsEventInfo, cs_event_info_free)

G_END_DECLS
