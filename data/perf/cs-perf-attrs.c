/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-attrs.c — a perf.data file's attrs: their event names, their ids and the id layout */
#include "config.h"

#include "cs-perf-private.h"

static const char *
generic_event_name (const CsPerfEventAttr *attr)
{
  static const char * const hw[] = {
    "cycles", "instructions", "cache-references", "cache-misses", "branches",
    "branch-misses", "bus-cycles", "stalled-cycles-frontend",
    "stalled-cycles-backend", "ref-cycles",
  };
  static const char * const sw[] = {
    "cpu-clock", "task-clock", "page-faults", "context-switches",
    "cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
    "emulation-faults", "dummy", "bpf-output", "cgroup-switches",
  };

  if (attr->type == 0 && attr->config < G_N_ELEMENTS (hw))
    return hw[attr->config];
  if (attr->type == 1 && attr->config < G_N_ELEMENTS (sw))
    return sw[attr->config];
  return NULL;
}

static char *
derive_name (CsPerfReader          *self,
             const CsPerfEventAttr *attr)
{
  const char *generic = generic_event_name (attr);

  if (generic != NULL)
    return g_strdup (generic);
  switch (attr->type)
    {
    case 2:
      return g_strdup_printf ("tracepoint:%" G_GUINT64_FORMAT, attr->config);
    case 3:
      return g_strdup_printf ("hw-cache:0x%" G_GINT64_MODIFIER "x", attr->config);
    case 4:
      return g_strdup_printf ("r%" G_GINT64_MODIFIER "x", attr->config);
    case 5:
      return g_strdup_printf ("mem:0x%" G_GINT64_MODIFIER "x", attr->config1);
    default:
      break;
    }
  for (guint i = 0; self->info.pmu_mappings && i < self->info.pmu_mappings->len; i++)
    {
      const CsPerfPmuMapping *m = g_ptr_array_index (self->info.pmu_mappings, i);

      if (m->type == attr->type)
        return g_strdup_printf ("%s/config=0x%" G_GINT64_MODIFIER "x/", m->name, attr->config);
    }
  return g_strdup_printf ("type%u/config=0x%" G_GINT64_MODIFIER "x/", attr->type, attr->config);
}

/* @p: a perf_event_attr of @avail bytes (its recorded size); @ids: @n_ids
 * u64s in file order. */
CsPerfAttr *
_cs_perf_reader_add_attr (CsPerfReader *self,
                  const guint8 *p,
                  guint32       avail,
                  const guint8 *ids,
                  guint64       n_ids)
{
  CsPerfAttr *attr = g_new0 (CsPerfAttr, 1);

  attr->index = self->attrs->len;
  _cs_perf_reader_attr_decode (self, p, avail, &attr->attr);
  attr->name = derive_name (self, &attr->attr);
  attr->n_ids = (guint) n_ids;
  attr->ids = g_new (guint64, MAX (n_ids, 1));
  for (guint64 i = 0; i < n_ids; i++)
    {
      attr->ids[i] = _cs_perf_u64 (self, ids + i * 8);
      /* The first attr claiming an id keeps it, as in perf. */
      if (!g_hash_table_contains (self->id_to_attr, &attr->ids[i]))
        g_hash_table_insert (self->id_to_attr, &attr->ids[i], attr);
    }
  g_ptr_array_add (self->attrs, attr);
  _cs_perf_reader_update_id_layout (self);
  return attr;
}

void
_cs_perf_reader_set_attr_name (CsPerfReader *self,
                       guint64       id,
                       const char   *name)
{
  CsPerfAttr *attr = g_hash_table_lookup (self->id_to_attr, &id);

  if (attr == NULL || name == NULL || *name == '\0')
    return;
  g_free (attr->name);
  attr->name = g_strdup (name);
}

/* Where a record's sample id sits, from the first attr (perf refuses files
 * whose attrs disagree on it). */
void
_cs_perf_reader_update_id_layout (CsPerfReader *self)
{
  const CsPerfAttr *first;
  guint64 st;
  int pos;

  if (self->attrs->len == 0)
    return;
  first = g_ptr_array_index (self->attrs, 0);
  st = first->attr.sample_type;
  self->id_sample_type = st;
  self->sample_id_all = (first->attr.flags & CS_PERF_ATTR_SAMPLE_ID_ALL) != 0;

  if (st & CS_S_IDENTIFIER)
    {
      self->sample_id_pos = 0;
      self->other_id_pos = 1;
      return;
    }
  if (!(st & CS_S_ID))
    {
      self->sample_id_pos = self->other_id_pos = -1;
      return;
    }
  pos = 0;
  pos += (st & CS_S_IP) ? 1 : 0;
  pos += (st & CS_S_TID) ? 1 : 0;
  pos += (st & CS_S_TIME) ? 1 : 0;
  pos += (st & CS_S_ADDR) ? 1 : 0;
  self->sample_id_pos = pos;
  /* trailer: … id, stream_id, cpu, identifier — counted back from the end */
  pos = 1;
  pos += (st & CS_S_CPU) ? 1 : 0;
  pos += (st & CS_S_STREAM_ID) ? 1 : 0;
  self->other_id_pos = pos;
}
