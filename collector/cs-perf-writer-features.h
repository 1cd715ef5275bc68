/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-writer-features.h — bodies of perf.data feature sections (private to the writer)
 *
 * Each function appends one feature's body in perf's encoding
 * (tools/perf/util/header.c): strings are {u32 len; char s[len]} with len
 * the string plus its NUL rounded up to 64, string lists {u32 nr; string[nr]}.
 * A function returns FALSE when the host does not tell (the feature is then
 * left out rather than written empty).
 */
#pragma once

#include <glib.h>
#include <linux/perf_event.h>

/* The feature bits (CsPerfFeature) and record types are the reader's: one
 * numbering of perf's header.h for both directions. */
#include "cs-perf-reader.h"

G_BEGIN_DECLS

/* The size of a perf_event_attr in our files: perf refuses attrs larger than
 * the struct it was built with, and nothing past sig_data is used here. */
#define CS_PERF_FILE_ATTR_SIZE PERF_ATTR_SIZE_VER7

typedef struct
{
  struct perf_event_attr attr;   /* attr.size == CS_PERF_FILE_ATTR_SIZE */
  char                  *name;
  GArray                *ids;    /* guint64 */
} CsPerfEventDesc;

void     cs_perf_put_string           (GByteArray          *buf,
                                       const char          *str);
void     cs_perf_put_u32              (GByteArray          *buf,
                                       guint32              value);
void     cs_perf_put_u64              (GByteArray          *buf,
                                       guint64              value);

gboolean cs_perf_feature_hostname     (GByteArray          *buf);
gboolean cs_perf_feature_osrelease    (GByteArray          *buf);
gboolean cs_perf_feature_version      (GByteArray          *buf);
gboolean cs_perf_feature_arch         (GByteArray          *buf);
gboolean cs_perf_feature_nrcpus       (GByteArray          *buf);
gboolean cs_perf_feature_cpudesc      (GByteArray          *buf);
gboolean cs_perf_feature_cpuid        (GByteArray          *buf);
gboolean cs_perf_feature_total_mem    (GByteArray          *buf);
gboolean cs_perf_feature_cmdline      (GByteArray          *buf,
                                       const char * const  *argv);
gboolean cs_perf_feature_event_desc   (GByteArray          *buf,
                                       GPtrArray           *events);  /* CsPerfEventDesc* */
gboolean cs_perf_feature_pmu_mappings (GByteArray          *buf);
/* CLOCKID (the resolution of the samples' clock) and CLOCK_DATA (that clock
 * and the wall clock read together, for `perf script -F tod`), when the
 * events chose their clock (use_clockid: record --regions stamps samples
 * with CLOCK_MONOTONIC); FALSE otherwise, as perf writes them only then. */
gboolean cs_perf_feature_clockid      (GByteArray          *buf,
                                       GPtrArray           *events);  /* CsPerfEventDesc* */
gboolean cs_perf_feature_clock_data   (GByteArray          *buf,
                                       GPtrArray           *events);
/* @paths: absolute paths of mapped files; those without a GNU build-id
 * note are skipped. */
gboolean cs_perf_feature_build_id     (GByteArray          *buf,
                                       const char * const  *paths);

G_END_DECLS
