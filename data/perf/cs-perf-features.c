/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-features.c — the feature sections of a perf.data header
 *
 * The same payloads arrive as HEADER_FEATURE records in pipe mode, so every
 * parser takes a byte range and never assumes it lies in the file's tail. A
 * damaged feature is skipped with a warning: host names or cache sizes are
 * not worth refusing the samples for.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "cs-perf-private.h"

/* perf's string: u32 len, then len bytes NUL-padded. */
static char *
read_string (CsPerfCursor *c)
{
  guint32 n = _cs_perf_cursor_u32 (c);
  const guint8 *s = _cs_perf_cursor_take (c, n);
  g_autofree char *raw = NULL;

  if (s == NULL)
    return NULL;
  raw = g_strndup ((const char *) s, n);
  /* Shown in labels and JSON, which need UTF-8. */
  return g_utf8_make_valid (raw, -1);
}

static void
set_string (char **field, CsPerfCursor *c)
{
  char *s = read_string (c);

  if (s == NULL)
    return;
  g_free (*field);
  *field = s;
}

static void
cache_free (gpointer data)
{
  CsPerfCache *cache = data;

  g_free (cache->type);
  g_free (cache->size);
  g_free (cache->map);
  g_free (cache);
}

static void
pmu_mapping_free (gpointer data)
{
  CsPerfPmuMapping *m = data;

  g_free (m->name);
  g_free (m);
}

static void
build_id_free (gpointer data)
{
  CsPerfBuildId *b = data;

  g_free (b->filename);
  g_free (b);
}

static void
numa_node_free (gpointer data)
{
  CsPerfNumaNode *n = data;

  g_free (n->cpus);
  g_free (n);
}

/* Counts read from the file bound loops; each element takes at least
 * @min_bytes, which stops a forged count from looping for long. */
static gboolean
count_fits (CsPerfCursor *c,
            guint64       n,
            gsize         min_bytes)
{
  return n <= _cs_perf_cursor_left (c) / min_bytes;
}

static gboolean
parse_cmdline (CsPerfReader *self,
               CsPerfCursor *c)
{
  guint32 n = _cs_perf_cursor_u32 (c);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);

  if (!count_fits (c, n, 4))
    return FALSE;
  for (guint32 i = 0; i < n; i++)
    {
      char *s = read_string (c);

      if (s == NULL)
        return FALSE;
      g_ptr_array_add (args, s);
    }
  g_ptr_array_add (args, NULL);
  g_strfreev (self->info.cmdline);
  self->info.cmdline = (char **) g_ptr_array_steal (args, NULL);
  return TRUE;
}

static gboolean
parse_event_desc (CsPerfReader *self,
                  CsPerfCursor *c)
{
  guint32 n = _cs_perf_cursor_u32 (c);
  guint32 attr_size = _cs_perf_cursor_u32 (c);

  if (c->bad || !count_fits (c, n, (gsize) attr_size + 8) || attr_size == 0)
    return FALSE;
  for (guint32 i = 0; i < n; i++)
    {
      guint32 n_ids;
      g_autofree char *name = NULL;

      _cs_perf_cursor_take (c, attr_size);
      n_ids = _cs_perf_cursor_u32 (c);
      name = read_string (c);
      if (c->bad || !count_fits (c, n_ids, 8))
        return FALSE;
      if (n_ids == 0 && i < self->attrs->len)
        {
          CsPerfAttr *attr = g_ptr_array_index (self->attrs, i);

          g_free (attr->name);
          attr->name = g_strdup (name);
        }
      for (guint32 k = 0; k < n_ids; k++)
        _cs_perf_reader_set_attr_name (self, _cs_perf_cursor_u64 (c), name);
    }
  return !c->bad;
}

static gboolean
parse_cache (CsPerfReader *self,
             CsPerfCursor *c)
{
  guint32 version = _cs_perf_cursor_u32 (c);
  guint32 n = _cs_perf_cursor_u32 (c);

  if (c->bad || version != 1 || !count_fits (c, n, 28))
    return FALSE;
  g_ptr_array_set_size (self->info.caches, 0);
  for (guint32 i = 0; i < n; i++)
    {
      CsPerfCache *cache = g_new0 (CsPerfCache, 1);

      cache->level = _cs_perf_cursor_u32 (c);
      cache->line_size = _cs_perf_cursor_u32 (c);
      cache->sets = _cs_perf_cursor_u32 (c);
      cache->ways = _cs_perf_cursor_u32 (c);
      cache->type = read_string (c);
      cache->size = read_string (c);
      cache->map = read_string (c);
      g_ptr_array_add (self->info.caches, cache);
      if (c->bad)
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_pmu_mappings (CsPerfReader *self,
                    CsPerfCursor *c)
{
  guint32 n = _cs_perf_cursor_u32 (c);

  if (c->bad || !count_fits (c, n, 8))
    return FALSE;
  g_ptr_array_set_size (self->info.pmu_mappings, 0);
  for (guint32 i = 0; i < n; i++)
    {
      CsPerfPmuMapping *m = g_new0 (CsPerfPmuMapping, 1);

      m->type = _cs_perf_cursor_u32 (c);
      m->name = read_string (c);
      g_ptr_array_add (self->info.pmu_mappings, m);
      if (c->bad)
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_numa (CsPerfReader *self,
            CsPerfCursor *c)
{
  guint32 n = _cs_perf_cursor_u32 (c);

  if (c->bad || !count_fits (c, n, 24))
    return FALSE;
  g_ptr_array_set_size (self->info.numa_nodes, 0);
  for (guint32 i = 0; i < n; i++)
    {
      CsPerfNumaNode *node = g_new0 (CsPerfNumaNode, 1);

      node->node = _cs_perf_cursor_u32 (c);
      node->mem_total_kb = _cs_perf_cursor_u64 (c);
      node->mem_free_kb = _cs_perf_cursor_u64 (c);
      node->cpus = read_string (c);
      g_ptr_array_add (self->info.numa_nodes, node);
      if (c->bad)
        return FALSE;
    }
  return TRUE;
}

/* One build_id_event: {header; i32 pid; u8 build_id[24]; char filename[]},
 * from the BUILD_ID feature or a HEADER_BUILD_ID record. @len: its size. */
void
_cs_perf_reader_add_build_id (CsPerfReader *self,
                      const guint8 *p,
                      gsize         len)
{
  CsPerfBuildId *b;
  guint16 misc;

  if (len < 36)
    return;
  misc = _cs_perf_u16 (self, p + 4);
  b = g_new0 (CsPerfBuildId, 1);
  b->misc = misc;
  b->pid = (gint32) _cs_perf_u32 (self, p + 8);
  memcpy (b->build_id, p + 12, 20);
  b->size = (misc & CS_MISC_BUILD_ID_SIZE) ? MIN (p[32], 20) : 20;
  b->filename = g_strndup ((const char *) p + 36, len - 36);
  g_ptr_array_add (self->info.build_ids, b);
}

static gboolean
parse_build_ids (CsPerfReader *self,
                 CsPerfCursor *c)
{
  while (_cs_perf_cursor_left (c) >= 8)
    {
      guint16 size = _cs_perf_u16 (self, c->p + 6);
      const guint8 *rec;

      if (size < 36)
        return FALSE;
      rec = _cs_perf_cursor_take (c, size);
      if (rec == NULL)
        return FALSE;
      _cs_perf_reader_add_build_id (self, rec, size);
    }
  return TRUE;
}

void
_cs_perf_reader_parse_feature (CsPerfReader *self,
                       guint         feature,
                       const guint8 *p,
                       gsize         len,
                       guint64       offset)
{
  CsPerfInfo *info = &self->info;
  CsPerfCursor c;
  gboolean ok = TRUE;

  _cs_perf_cursor_init (&c, self, p, len);
  if (feature < CS_PERF_FEAT_MAX)
    info->features[feature / 64] |= G_GUINT64_CONSTANT (1) << (feature % 64);

  switch (feature)
    {
    case CS_PERF_FEAT_HOSTNAME:  set_string (&info->hostname, &c); break;
    case CS_PERF_FEAT_OSRELEASE: set_string (&info->osrelease, &c); break;
    case CS_PERF_FEAT_VERSION:   set_string (&info->version, &c); break;
    case CS_PERF_FEAT_ARCH:      set_string (&info->arch, &c); break;
    case CS_PERF_FEAT_CPUDESC:   set_string (&info->cpudesc, &c); break;
    case CS_PERF_FEAT_CPUID:     set_string (&info->cpuid, &c); break;
    case CS_PERF_FEAT_NRCPUS:
      /* perf writes the present (available) count first, then the online one */
      info->nr_cpus_available = _cs_perf_cursor_u32 (&c);
      info->nr_cpus_online = _cs_perf_cursor_u32 (&c);
      break;
    case CS_PERF_FEAT_TOTAL_MEM:
      info->total_mem_kb = _cs_perf_cursor_u64 (&c);
      break;
    case CS_PERF_FEAT_CMDLINE:       ok = parse_cmdline (self, &c); break;
    case CS_PERF_FEAT_EVENT_DESC:    ok = parse_event_desc (self, &c); break;
    case CS_PERF_FEAT_CACHE:         ok = parse_cache (self, &c); break;
    case CS_PERF_FEAT_PMU_MAPPINGS:  ok = parse_pmu_mappings (self, &c); break;
    case CS_PERF_FEAT_NUMA_TOPOLOGY: ok = parse_numa (self, &c); break;
    case CS_PERF_FEAT_BUILD_ID:      ok = parse_build_ids (self, &c); break;
    case CS_PERF_FEAT_SAMPLE_TIME:
      info->first_sample_time = _cs_perf_cursor_u64 (&c);
      info->last_sample_time = _cs_perf_cursor_u64 (&c);
      break;
    case CS_PERF_FEAT_CLOCKID:
      info->clockid_res_ns = _cs_perf_cursor_u64 (&c);
      break;
    case CS_PERF_FEAT_COMPRESSED:
      info->comp_version = _cs_perf_cursor_u32 (&c);
      info->comp_type = _cs_perf_cursor_u32 (&c);
      info->comp_level = _cs_perf_cursor_u32 (&c);
      info->comp_ratio = _cs_perf_cursor_u32 (&c);
      info->comp_mmap_len = _cs_perf_cursor_u32 (&c);
      break;
    default:
      /* kept in the bitmap; the contents are not needed */
      break;
    }
  if (!ok || c.bad)
    _cs_perf_reader_warn (self, _("%s: feature %u at byte offset %" PRIu64
                          " is damaged; ignored"), self->name, feature, offset);
}

void
_cs_perf_reader_info_init (CsPerfInfo *info)
{
  info->caches = g_ptr_array_new_with_free_func (cache_free);
  info->pmu_mappings = g_ptr_array_new_with_free_func (pmu_mapping_free);
  info->build_ids = g_ptr_array_new_with_free_func (build_id_free);
  info->numa_nodes = g_ptr_array_new_with_free_func (numa_node_free);
}

void
_cs_perf_reader_info_clear (CsPerfInfo *info)
{
  g_clear_pointer (&info->hostname, g_free);
  g_clear_pointer (&info->osrelease, g_free);
  g_clear_pointer (&info->version, g_free);
  g_clear_pointer (&info->arch, g_free);
  g_clear_pointer (&info->cpudesc, g_free);
  g_clear_pointer (&info->cpuid, g_free);
  g_clear_pointer (&info->cmdline, g_strfreev);
  g_clear_pointer (&info->caches, g_ptr_array_unref);
  g_clear_pointer (&info->pmu_mappings, g_ptr_array_unref);
  g_clear_pointer (&info->build_ids, g_ptr_array_unref);
  g_clear_pointer (&info->numa_nodes, g_ptr_array_unref);
}
