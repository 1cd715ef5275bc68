/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-compare.c — checks of the reader against perf's output, and of
 * two readers against each other */
#include "config.h"

#include <string.h>

#include "cs-perf-compare.h"
#include "cs-perf-test-util.h"

#define SAME(field) g_assert_cmpuint ((a)->field, ==, (b)->field)
#define SAME_STR(field) g_assert_cmpstr ((a)->field, ==, (b)->field)
#define SAME_MEM(p, n) G_STMT_START { \
    g_assert_cmpuint ((a)->n, ==, (b)->n); \
    if ((a)->n) g_assert_cmpmem ((a)->p, (a)->n * sizeof *(a)->p, (b)->p, (b)->n * sizeof *(b)->p); \
  } G_STMT_END

static void
compare_info (const CsPerfInfo *a,
              const CsPerfInfo *b)
{
  SAME (pipe_mode);
  g_assert_cmpmem (a->features, sizeof a->features, b->features, sizeof b->features);
  SAME_STR (hostname);
  SAME_STR (osrelease);
  SAME_STR (version);
  SAME_STR (arch);
  SAME_STR (cpudesc);
  SAME_STR (cpuid);
  SAME (nr_cpus_available);
  SAME (nr_cpus_online);
  SAME (total_mem_kb);
  SAME (first_sample_time);
  SAME (last_sample_time);
  SAME (clockid_res_ns);
  SAME (comp_type);
  SAME (comp_mmap_len);
  g_assert_true ((a->cmdline == NULL) == (b->cmdline == NULL));
  if (a->cmdline)
    g_assert_true (g_strv_equal ((const char * const *) a->cmdline, (const char * const *) b->cmdline));
  SAME (caches->len);
  for (guint i = 0; i < a->caches->len; i++)
    {
      const CsPerfCache *ca = g_ptr_array_index (a->caches, i), *cb = g_ptr_array_index (b->caches, i);
      g_assert_cmpuint (ca->level, ==, cb->level);
      g_assert_cmpuint (ca->line_size, ==, cb->line_size);
      g_assert_cmpuint (ca->ways, ==, cb->ways);
      g_assert_cmpuint (ca->sets, ==, cb->sets);
      g_assert_cmpstr (ca->size, ==, cb->size);
      g_assert_cmpstr (ca->map, ==, cb->map);
    }
  SAME (pmu_mappings->len);
  for (guint i = 0; i < a->pmu_mappings->len; i++)
    {
      const CsPerfPmuMapping *ma = g_ptr_array_index (a->pmu_mappings, i);
      const CsPerfPmuMapping *mb = g_ptr_array_index (b->pmu_mappings, i);
      g_assert_cmpuint (ma->type, ==, mb->type);
      g_assert_cmpstr (ma->name, ==, mb->name);
    }
  SAME (build_ids->len);
  for (guint i = 0; i < a->build_ids->len; i++)
    {
      const CsPerfBuildId *ba = g_ptr_array_index (a->build_ids, i), *bb = g_ptr_array_index (b->build_ids, i);
      g_assert_cmpint (ba->pid, ==, bb->pid);
      g_assert_cmpuint (ba->misc, ==, bb->misc);
      g_assert_cmpmem (ba->build_id, ba->size, bb->build_id, bb->size);
      g_assert_cmpstr (ba->filename, ==, bb->filename);
    }
  SAME (numa_nodes->len);
  for (guint i = 0; i < a->numa_nodes->len; i++)
    {
      const CsPerfNumaNode *na = g_ptr_array_index (a->numa_nodes, i), *nb = g_ptr_array_index (b->numa_nodes, i);
      g_assert_cmpuint (na->node, ==, nb->node);
      g_assert_cmpuint (na->mem_total_kb, ==, nb->mem_total_kb);
      g_assert_cmpstr (na->cpus, ==, nb->cpus);
    }
}

static void
compare_regs (const CsPerfRegs *a,
              const CsPerfRegs *b)
{
  SAME (abi);
  SAME (mask);
  SAME_MEM (regs, n_regs);
}

static void
compare_sample (const CsPerfSample *a,
                const CsPerfSample *b)
{
  SAME (sample_type);
  SAME (identifier);
  SAME (ip);
  SAME (addr);
  SAME (period);
  SAME (time_enabled);
  SAME (time_running);
  SAME_MEM (values, n_values);
  SAME_MEM (callchain, n_callchain);
  SAME_MEM (raw, raw_size);
  SAME (has_branch_hw_idx);
  SAME (branch_hw_idx);
  SAME_MEM (branches, n_branches);
  compare_regs (&a->regs_user, &b->regs_user);
  SAME_MEM (stack_user, stack_user_size);
  SAME (stack_user_dyn_size);
  SAME (weight);
  SAME (weight_var2);
  SAME (weight_var3);
  SAME (data_src);
  SAME (transaction);
  compare_regs (&a->regs_intr, &b->regs_intr);
  SAME (phys_addr);
  SAME (cgroup);
  SAME (data_page_size);
  SAME (code_page_size);
  SAME_MEM (aux, aux_size);
}

static void
compare_record (const CsPerfRecord *a,
                const CsPerfRecord *b)
{
  SAME (type);
  SAME (misc);
  SAME (size);
  SAME (offset);
  SAME (compressed);
  g_assert_true ((a->attr == NULL) == (b->attr == NULL));
  if (a->attr)
    SAME (attr->index);
  SAME (id_fields);
  SAME (pid);
  SAME (tid);
  SAME (time);
  SAME (id);
  SAME (stream_id);
  SAME (cpu);
  switch (a->type)
    {
    case CS_PERF_RECORD_SAMPLE:
      compare_sample (&a->sample, &b->sample);
      break;
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      SAME (mmap.pid);
      SAME (mmap.tid);
      SAME (mmap.addr);
      SAME (mmap.len);
      SAME (mmap.pgoff);
      SAME (mmap.maj);
      SAME (mmap.min);
      SAME (mmap.ino);
      SAME (mmap.ino_generation);
      SAME (mmap.prot);
      SAME (mmap.flags);
      SAME_MEM (mmap.build_id, mmap.build_id_size);
      SAME_STR (mmap.filename);
      break;
    case CS_PERF_RECORD_COMM:
      SAME (comm.pid);
      SAME (comm.tid);
      SAME (comm.exec);
      SAME_STR (comm.comm);
      break;
    case CS_PERF_RECORD_FORK:
    case CS_PERF_RECORD_EXIT:
      SAME (task.pid);
      SAME (task.ppid);
      SAME (task.tid);
      SAME (task.ptid);
      SAME (task.time);
      break;
    case CS_PERF_RECORD_LOST:
    case CS_PERF_RECORD_LOST_SAMPLES:
      SAME (lost.id);
      SAME (lost.lost);
      break;
    case CS_PERF_RECORD_THROTTLE:
    case CS_PERF_RECORD_UNTHROTTLE:
      SAME (throttle.time);
      SAME (throttle.id);
      SAME (throttle.stream_id);
      break;
    case CS_PERF_RECORD_KSYMBOL:
      SAME (ksymbol.addr);
      SAME (ksymbol.len);
      SAME (ksymbol.ksym_type);
      SAME (ksymbol.flags);
      SAME_STR (ksymbol.name);
      break;
    default:
      break;
    }
}

void
cs_perf_compare_readers (GBytes *bytes_a,
                         GBytes *bytes_b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) ra = cs_perf_reader_new_from_bytes (bytes_a, "a", &error);
  g_autoptr(CsPerfReader) rb = NULL;
  const CsPerfRecord *a, *b;
  guint64 n = 0;

  g_assert_no_error (error);
  rb = cs_perf_reader_new_from_bytes (bytes_b, "b", &error);
  g_assert_no_error (error);
  g_assert_null (cs_perf_reader_get_warnings (ra)[0]);
  g_assert_null (cs_perf_reader_get_warnings (rb)[0]);

  /* one of them byte-swapped, when that is what is tested, must say so */
  compare_info (cs_perf_reader_get_info (ra), cs_perf_reader_get_info (rb));
  g_assert_cmpuint (cs_perf_reader_get_n_attrs (ra), ==, cs_perf_reader_get_n_attrs (rb));
  for (guint i = 0; i < cs_perf_reader_get_n_attrs (ra); i++)
    {
      const CsPerfAttr *aa = cs_perf_reader_get_attr (ra, i);
      const CsPerfAttr *ab = cs_perf_reader_get_attr (rb, i);

      g_assert_cmpstr (aa->name, ==, ab->name);
      g_assert_cmpmem (&aa->attr, sizeof aa->attr, &ab->attr, sizeof ab->attr);
      g_assert_cmpmem (aa->ids, aa->n_ids * 8, ab->ids, ab->n_ids * 8);
    }

  while (cs_perf_reader_next (ra, &a, &error))
    {
      g_assert_no_error (error);
      g_assert_true (cs_perf_reader_next (rb, &b, &error));
      g_assert_no_error (error);
      compare_record (a, b);
      n++;
    }
  g_assert_no_error (error);
  g_assert_false (cs_perf_reader_next (rb, &b, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpmem (cs_perf_reader_get_stats (ra), sizeof (CsPerfStats),
                   cs_perf_reader_get_stats (rb), sizeof (CsPerfStats));
}

/* Like g_assert_cmpstr, but names the first differing line instead of
 * printing two huge strings. */
void
cs_perf_assert_same_lines (const char *ours,
                   const char *theirs,
                   const char *what)
{
  g_auto(GStrv) a = g_strsplit (ours, "\n", -1);
  g_auto(GStrv) b = g_strsplit (theirs, "\n", -1);
  guint i;

  for (i = 0; a[i] && b[i]; i++)
    if (!g_str_equal (a[i], b[i]))
      g_error ("%s differ at line %u: ours \"%s\", perf's \"%s\"", what, i + 1, a[i], b[i]);
  if (a[i] || b[i])
    g_error ("%s: ours has %u lines, perf's %u", what, g_strv_length (a), g_strv_length (b));
}

void
cs_perf_check_header (CsPerfReader *reader,
                      const char   *header)
{
  const CsPerfInfo *info = cs_perf_reader_get_info (reader);
  struct { const char *key; const char *ours; } strings[] = {
    { "hostname", info->hostname }, { "os release", info->osrelease },
    { "perf version", info->version }, { "arch", info->arch },
    { "cpudesc", info->cpudesc }, { "cpuid", info->cpuid },
  };
  g_autofree char *online = cs_perf_test_header_value (header, "nrcpus online");
  g_autofree char *avail = cs_perf_test_header_value (header, "nrcpus avail");
  g_autofree char *mem = cs_perf_test_header_value (header, "total memory");
  g_autofree char *cmdline = cs_perf_test_header_value (header, "cmdline");
  g_autofree char *ours_cmdline = NULL;
  g_autoptr(GRegex) ev = g_regex_new ("^# event : name = (.*?), , id = ", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GRegex) cache = g_regex_new ("^#  L(\\d) (\\w+)\\s+(\\S+) \\[(.*)\\]$", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      g_autofree char *theirs = cs_perf_test_header_value (header, strings[i].key);
      g_assert_nonnull (theirs);
      g_assert_cmpstr (strings[i].ours, ==, theirs);
    }
  g_assert_cmpuint (info->nr_cpus_online, ==, g_ascii_strtoull (online, NULL, 10));
  g_assert_cmpuint (info->nr_cpus_available, ==, g_ascii_strtoull (avail, NULL, 10));
  g_assert_cmpuint (info->total_mem_kb, ==, g_ascii_strtoull (mem, NULL, 10));
  g_assert_nonnull (info->cmdline);
  ours_cmdline = g_strjoinv (" ", info->cmdline);
  g_assert_cmpstr (ours_cmdline, ==, cmdline);

  i = 0;
  g_regex_match (ev, header, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL), i++)
    {
      g_autofree char *name = g_match_info_fetch (m, 1);
      g_assert_cmpuint (i, <, cs_perf_reader_get_n_attrs (reader));
      g_assert_cmpstr (cs_perf_reader_get_attr (reader, i)->name, ==, name);
    }
  g_assert_cmpuint (i, ==, cs_perf_reader_get_n_attrs (reader));
  g_clear_pointer (&m, g_match_info_free);

  i = 0;
  g_regex_match (cache, header, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL), i++)
    {
      g_autofree char *level = g_match_info_fetch (m, 1);
      g_autofree char *type = g_match_info_fetch (m, 2);
      g_autofree char *size = g_match_info_fetch (m, 3);
      g_autofree char *map = g_match_info_fetch (m, 4);
      const CsPerfCache *c;

      g_assert_cmpuint (i, <, info->caches->len);
      c = g_ptr_array_index (info->caches, i);
      g_assert_cmpuint (c->level, ==, g_ascii_strtoull (level, NULL, 10));
      g_assert_true (g_str_has_prefix (c->type, type));
      g_assert_cmpstr (c->size, ==, size);
      g_assert_cmpstr (c->map, ==, map);
    }
  g_assert_cmpuint (i, ==, info->caches->len);
  g_assert_true (i > 0 || !cs_perf_info_has_feature (info, CS_PERF_FEAT_CACHE));

  for (i = 0; i < info->pmu_mappings->len; i++)
    {
      const CsPerfPmuMapping *pm = g_ptr_array_index (info->pmu_mappings, i);
      g_autofree char *entry = g_strdup_printf ("%s = %u", pm->name, pm->type);
      g_assert_nonnull (strstr (header, entry));
    }
  g_assert_true (info->pmu_mappings->len > 0);

  for (i = 0; i < info->numa_nodes->len; i++)
    {
      const CsPerfNumaNode *node = g_ptr_array_index (info->numa_nodes, i);
      g_autofree char *meminfo = g_strdup_printf ("# node%u meminfo  : total = %" G_GUINT64_FORMAT
                                              " kB, free = %" G_GUINT64_FORMAT " kB\n",
                                              node->node, node->mem_total_kb, node->mem_free_kb);
      g_autofree char *cpus = g_strdup_printf ("# node%u cpu list : %s\n", node->node, node->cpus);
      g_assert_nonnull (strstr (header, meminfo));
      g_assert_nonnull (strstr (header, cpus));
    }
  g_assert_true (info->numa_nodes->len > 0);

  if (info->first_sample_time != 0)
    {
      g_autofree char *first = g_strdup_printf ("# time of first sample : %" G_GUINT64_FORMAT ".%06" G_GUINT64_FORMAT "\n",
                                                info->first_sample_time / 1000000000,
                                                info->first_sample_time % 1000000000 / 1000);
      g_assert_nonnull (strstr (header, first));
    }
}

/* Reads @file and compares everything with perf's view of it. */

/* Reads @reader again from the start, in time order, and checks what perf
 * report -D printed: record counts by type and per event, and the order in
 * which perf delivered the records (it dumps each as it delivers it). */
void
cs_perf_check_dump (CsPerfReader *reader,
                    const char   *dump)
{
  g_autoptr(GHashTable) stats = cs_perf_test_stats (dump);
  g_autoptr(GString) offsets = g_string_new (NULL);
  g_autoptr(GString) theirs = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint64 *per_attr = g_new0 (guint64, cs_perf_reader_get_n_attrs (reader) + 1);
  const CsPerfStats *ours = cs_perf_reader_get_stats (reader);
  const CsPerfRecord *r;
  gboolean group_read = FALSE;
  guint64 total = 0;

  for (guint i = 0; i < cs_perf_reader_get_n_attrs (reader); i++)
    {
      const CsPerfEventAttr *a = &cs_perf_reader_get_attr (reader, i)->attr;
      group_read |= (a->sample_type & (1u << 4)) && (a->read_format & (1u << 3));
    }

  cs_perf_reader_rewind (reader);
  cs_perf_reader_set_ordered (reader, TRUE);
  while (cs_perf_reader_next (reader, &r, &error))
    {
      if (!r->compressed)
        g_string_append_printf (offsets, "%" G_GUINT64_FORMAT ":%u:%u\n", r->offset, r->size, r->type);
      if (r->type == CS_PERF_RECORD_SAMPLE)
        per_attr[r->attr->index]++;
    }
  g_assert_no_error (error);

  for (guint t = 1; t < CS_PERF_RECORD_TYPE_MAX; t++)
    {
      const char *name = cs_perf_record_type_name (t);

      total += ours->n_records[t];
      if (name == NULL)
        continue;
      if (g_str_has_prefix (name, "HEADER_"))
        name += strlen ("HEADER_");
      if (cs_perf_test_stat (stats, name) != ours->n_records[t])
        g_error ("%s records: perf counts %" G_GUINT64_FORMAT ", we %" G_GUINT64_FORMAT,
                 name, cs_perf_test_stat (stats, name), ours->n_records[t]);
    }
  g_assert_cmpuint (total, ==, cs_perf_test_stat (stats, "TOTAL"));
  g_assert_cmpuint (ours->n_unknown_id, ==, 0);
  for (guint i = 0; i < cs_perf_reader_get_n_attrs (reader); i++)
    {
      const CsPerfAttr *attr = cs_perf_reader_get_attr (reader, i);
      g_autofree char *k = g_strdup_printf ("%s:SAMPLE", attr->name);

      /* perf splits a leader's group-read sample into one per member */
      if (per_attr[i] == 0 && group_read)
        continue;
      g_assert_cmpuint (per_attr[i], ==, cs_perf_test_stat (stats, k));
    }

  theirs = cs_perf_test_record_offsets (dump, ours->n_records[CS_PERF_RECORD_COMPRESSED] > 0,
                                        cs_perf_reader_get_info (reader)->pipe_mode ? 16 : 0);
  if (theirs->len > 0)
    cs_perf_assert_same_lines (offsets->str, theirs->str, "record offsets");
}

static const char * const x86_regs[] = {
  "AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
  "DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
};

static void
render_regs (GPtrArray        *expect,
             const char       *what,
             const CsPerfRegs *regs)
{
  guint k = 0;

  if (regs->abi == 0)
    return;
  g_ptr_array_add (expect, g_strdup_printf ("... %s regs: mask %#" G_GINT64_MODIFIER "x ABI %s\n",
                                            what, regs->mask, regs->abi == 2 ? "64-bit" : "32-bit"));
  for (guint bit = 0; bit < 64; bit++)
    if (regs->mask & (G_GUINT64_CONSTANT (1) << bit))
      {
        if (bit < G_N_ELEMENTS (x86_regs))
          g_ptr_array_add (expect, g_strdup_printf (".... %-5s 0x%016" G_GINT64_MODIFIER "x\n",
                                                    x86_regs[bit], regs->regs[k]));
        k++;
      }
}

static char *
page_size_name (guint64 size)
{
  const char *units[] = { "", "K", "M", "G" };
  guint u = 0;

  if (size == 0)
    return g_strdup ("N/A");
  while (u < 3 && size >= 1024 && size % 1024 == 0)
    size /= 1024, u++;
  return g_strdup_printf ("%" G_GUINT64_FORMAT "%s", size, units[u]);
}

char **
cs_perf_render_sample (const CsPerfRecord *r)
{
  const CsPerfSample *s = &r->sample;
  guint64 st = s->sample_type;
  g_autoptr(GPtrArray) e = g_ptr_array_new ();

  g_ptr_array_add (e, g_strdup_printf ("PERF_RECORD_SAMPLE(IP, %#x): %d/%d: %#" G_GINT64_MODIFIER "x"
                                       " period: %" G_GUINT64_FORMAT " addr: %#" G_GINT64_MODIFIER "x\n",
                                       r->misc, (int) r->pid, (int) r->tid, s->ip, s->period, s->addr));
  if (st & (1u << 5))
    {
      g_ptr_array_add (e, g_strdup_printf ("... FP chain: nr:%" G_GUINT64_FORMAT "\n", s->n_callchain));
      for (guint64 i = 0; i < s->n_callchain; i++)
        g_ptr_array_add (e, g_strdup_printf ("..... %2d: %016" G_GINT64_MODIFIER "x\n",
                                             (int) i, s->callchain[i]));
    }
  if (st & (1u << 4))
    {
      g_ptr_array_add (e, g_strdup_printf ("...... time enabled %016" G_GINT64_MODIFIER "x\n", s->time_enabled));
      g_ptr_array_add (e, g_strdup_printf ("...... time running %016" G_GINT64_MODIFIER "x\n", s->time_running));
      for (guint i = 0; i < s->n_values; i++)
        g_ptr_array_add (e, g_strdup_printf ("..... id %016" G_GINT64_MODIFIER "x, value %016"
                                             G_GINT64_MODIFIER "x, lost %" G_GUINT64_FORMAT "\n",
                                             s->values[i].id, s->values[i].value, s->values[i].lost));
    }
  render_regs (e, "user", &s->regs_user);
  render_regs (e, "intr", &s->regs_intr);
  if ((st & (1u << 13)) && s->stack_user_size)
    g_ptr_array_add (e, g_strdup_printf ("... ustack: size %" G_GUINT64_FORMAT ", offset 0x%x\n",
                                         s->stack_user_dyn_size,
                                         (guint) (s->stack_user - 8 - r->data)));
  if (st & (1u << 24))
    g_ptr_array_add (e, g_strdup_printf ("... weight: %" G_GUINT64_FORMAT ",0x%x,0x%x\n",
                                         s->weight, s->weight_var2, s->weight_var3));
  if (st & (1u << 15))
    g_ptr_array_add (e, g_strdup_printf (" . data_src: 0x%" G_GINT64_MODIFIER "x\n", s->data_src));
  if (st & (1u << 19))
    g_ptr_array_add (e, g_strdup_printf (" .. phys_addr: 0x%" G_GINT64_MODIFIER "x\n", s->phys_addr));
  if (st & (1u << 22))
    {
      g_autofree char *n = page_size_name (s->data_page_size);
      g_ptr_array_add (e, g_strdup_printf (" .. data page size: %s\n", n));
    }
  if (st & (1u << 23))
    {
      g_autofree char *n = page_size_name (s->code_page_size);
      g_ptr_array_add (e, g_strdup_printf (" .. code page size: %s\n", n));
    }
  if (st & (1u << 17))
    g_ptr_array_add (e, g_strdup_printf ("... transaction: %" G_GINT64_MODIFIER "x\n", s->transaction));
  g_ptr_array_add (e, NULL);
  return (char **) g_ptr_array_steal (e, NULL);
}

