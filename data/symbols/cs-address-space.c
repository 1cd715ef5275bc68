/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-address-space.c — per-process memory maps rebuilt from perf records */
#include "config.h"

#include <string.h>
#include <sys/mman.h>

#include "cs-address-space.h"

typedef struct
{
  gint32     pid;
  char      *comm;
  GPtrArray *maps;      /* CsMapping*, sorted by start, never overlapping */
  gboolean   exited;
} CsProcess;

struct _CsAddressSpace
{
  GObject     parent_instance;
  GHashTable *processes;   /* GINT_TO_POINTER (pid) -> CsProcess* */
  /* Samples come in long runs of the same pid: skip the hash lookup. */
  gint32      last_pid;
  CsProcess  *last_process;
};

G_DEFINE_FINAL_TYPE (CsAddressSpace, cs_address_space, G_TYPE_OBJECT)

/* CsMapping: one allocation holding the struct, the file name and the
 * build-id, so that splitting and copying stay cheap. */

static CsMapping *
cs_mapping_new (gint32        pid,
                guint64       start,
                guint64       end,
                guint64       pgoff,
                guint32       prot,
                guint32       flags,
                const char   *filename,
                const CsMappingIdentity *identity,
                const guint8 *build_id,
                gsize         build_id_len,
                gboolean      kernel)
{
  gsize name_len;
  CsMapping *self;
  char *tail;

  if (filename == NULL)
    filename = "";
  if (build_id == NULL)
    build_id_len = 0;
  build_id_len = MIN (build_id_len, 255);
  name_len = strlen (filename);
  self = g_atomic_rc_box_alloc0 (sizeof (CsMapping) + name_len + 1 + build_id_len);
  tail = (char *) (self + 1);
  memcpy (tail, filename, name_len + 1);

  self->start = start;
  self->end = end;
  self->pgoff = pgoff;
  self->prot = prot;
  self->flags = flags;
  self->filename = tail;
  self->kernel = kernel;
  self->pid = pid;
  if (identity != NULL)
    self->identity = *identity;
  if (build_id_len > 0)
    {
      memcpy (tail + name_len + 1, build_id, build_id_len);
      self->build_id = (const guint8 *) tail + name_len + 1;
      self->build_id_len = build_id_len;
    }
  return self;
}

/* A piece [start, end) of @old, with the file offset that piece starts at. */
static CsMapping *
cs_mapping_new_piece (const CsMapping *old,
                      guint64          start,
                      guint64          end)
{
  return cs_mapping_new (old->pid, start, end, old->pgoff + (start - old->start), old->prot,
                         old->flags, old->filename, &old->identity, old->build_id, old->build_id_len,
                         old->kernel);
}

CsMapping *
cs_mapping_ref (CsMapping *self)
{
  return g_atomic_rc_box_acquire (self);
}

void
cs_mapping_unref (CsMapping *self)
{
  g_atomic_rc_box_release (self);
}

/* perf's is_anon_memory() and is_no_dso_memory() (tools/perf/util/map.c),
 * and its test of PROT_EXEC (MMAP records carry no protection: perf takes
 * them for code, and so do we). */
static gboolean
is_jit_memory (const char *filename,
               guint32     prot,
               guint32     flags,
               gboolean    kernel)
{
  gboolean anon = g_strcmp0 (filename, "//anon") == 0 || g_str_has_prefix (filename, "/dev/zero") ||
                  g_str_has_prefix (filename, "/anon_hugepage") || (flags & MAP_HUGETLB) != 0;
  gboolean no_dso = g_str_has_prefix (filename, "[stack") || g_str_has_prefix (filename, "/SYSV") ||
                    g_strcmp0 (filename, "[heap]") == 0;

  return !kernel && (anon || no_dso) && (prot == 0 || (prot & PROT_EXEC) != 0);
}

gboolean
cs_mapping_is_jit (const CsMapping *self)
{
  return is_jit_memory (self->filename, self->prot, self->flags, self->kernel);
}

guint64
cs_mapping_file_offset (const CsMapping *self,
                        guint64          ip)
{
  return ip - self->start + self->pgoff;
}

char *
cs_mapping_dup_build_id_hex (const CsMapping *self)
{
  GString *s;

  if (self->build_id == NULL)
    return NULL;
  s = g_string_sized_new (self->build_id_len * 2);
  for (guint i = 0; i < self->build_id_len; i++)
    g_string_append_printf (s, "%02x", self->build_id[i]);
  return g_string_free (s, FALSE);
}

/* CsProcess */

static CsProcess *
cs_process_new (gint32 pid)
{
  CsProcess *p = g_new0 (CsProcess, 1);

  p->pid = pid;
  p->maps = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_mapping_unref);
  return p;
}

static void
cs_process_free (CsProcess *p)
{
  g_ptr_array_unref (p->maps);
  g_free (p->comm);
  g_free (p);
}

/* Index of the first mapping whose end lies above @addr. */
static guint
cs_process_first_above (CsProcess *p,
                        guint64    addr)
{
  guint lo = 0, hi = p->maps->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const CsMapping *m = g_ptr_array_index (p->maps, mid);

      if (m->end <= addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static const CsMapping *
cs_process_lookup (CsProcess *p,
                   guint64    ip)
{
  guint i = cs_process_first_above (p, ip);
  const CsMapping *m;

  if (i >= p->maps->len)
    return NULL;
  m = g_ptr_array_index (p->maps, i);
  return m->start <= ip ? m : NULL;
}

static void
cs_process_insert (CsProcess *p,
                   CsMapping *map)
{
  guint lo = cs_process_first_above (p, map->start);
  guint hi = lo;
  CsMapping *before = NULL;
  CsMapping *after = NULL;

  while (hi < p->maps->len && ((CsMapping *) g_ptr_array_index (p->maps, hi))->start < map->end)
    hi++;

  if (lo < hi)
    {
      const CsMapping *first = g_ptr_array_index (p->maps, lo);
      const CsMapping *last = g_ptr_array_index (p->maps, hi - 1);

      if (first->start < map->start)
        before = cs_mapping_new_piece (first, first->start, map->start);
      if (last->end > map->end)
        after = cs_mapping_new_piece (last, map->end, last->end);
      g_ptr_array_remove_range (p->maps, lo, hi - lo);
    }

  if (before != NULL)
    g_ptr_array_insert (p->maps, lo++, before);
  g_ptr_array_insert (p->maps, lo++, map);
  if (after != NULL)
    g_ptr_array_insert (p->maps, lo, after);
}

/* CsAddressSpace */

static void
cs_address_space_finalize (GObject *object)
{
  CsAddressSpace *self = CS_ADDRESS_SPACE (object);

  g_clear_pointer (&self->processes, g_hash_table_unref);
  G_OBJECT_CLASS (cs_address_space_parent_class)->finalize (object);
}

static void
cs_address_space_class_init (CsAddressSpaceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_address_space_finalize;
}

static void
cs_address_space_init (CsAddressSpace *self)
{
  self->processes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) cs_process_free);
}

CsAddressSpace *
cs_address_space_new (void)
{
  return g_object_new (CS_TYPE_ADDRESS_SPACE, NULL);
}

static CsProcess *
cs_address_space_find (CsAddressSpace *self,
                       gint32          pid)
{
  CsProcess *p;

  if (self->last_process != NULL && self->last_pid == pid)
    return self->last_process;
  p = g_hash_table_lookup (self->processes, GINT_TO_POINTER (pid));
  if (p != NULL)
    {
      self->last_pid = pid;
      self->last_process = p;
    }
  return p;
}

static CsProcess *
cs_address_space_ensure (CsAddressSpace *self,
                         gint32          pid)
{
  CsProcess *p = cs_address_space_find (self, pid);

  if (p == NULL)
    {
      p = cs_process_new (pid);
      g_hash_table_insert (self->processes, GINT_TO_POINTER (pid), p);
    }
  return p;
}

void
cs_address_space_mmap (CsAddressSpace *self,
                       gint32          pid,
                       guint64         start,
                       guint64         len,
                       guint64         pgoff,
                       guint32         prot,
                       guint32         flags,
                       const char     *filename,
                       const guint8   *build_id,
                       gsize           build_id_len)
{
  cs_address_space_mmap_identity (self, pid, start, len, pgoff, prot, flags, filename, NULL,
                                  build_id, build_id_len);
}

void
cs_address_space_mmap_identity (CsAddressSpace          *self,
                                gint32                   pid,
                                guint64                  start,
                                guint64                  len,
                                guint64                  pgoff,
                                guint32                  prot,
                                guint32                  flags,
                                const char              *filename,
                                const CsMappingIdentity *identity,
                                const guint8            *build_id,
                                gsize                    build_id_len)
{
  guint64 end;

  g_return_if_fail (CS_IS_ADDRESS_SPACE (self));

  if (len == 0)
    return;
  /* perf records the kernel map with a length reaching past the top of the
   * address space; clamp instead of wrapping around. */
  end = start + len < start ? G_MAXUINT64 : start + len;
  /* JIT code: perf maps it by identity, its map lists addresses. */
  if (is_jit_memory (filename, prot, flags, pid == CS_KERNEL_PID))
    pgoff = start;
  cs_process_insert (cs_address_space_ensure (self, pid),
                     cs_mapping_new (pid, start, end, pgoff, prot, flags, filename, identity,
                                     build_id, build_id_len, pid == CS_KERNEL_PID));
}

void
cs_address_space_fork (CsAddressSpace *self,
                       gint32          pid,
                       gint32          ppid)
{
  CsProcess *parent;
  CsProcess *child;

  g_return_if_fail (CS_IS_ADDRESS_SPACE (self));

  if (pid == ppid || pid == CS_KERNEL_PID)
    return;

  parent = cs_address_space_find (self, ppid);
  child = cs_process_new (pid);
  if (parent != NULL)
    {
      child->comm = g_strdup (parent->comm);
      for (guint i = 0; i < parent->maps->len; i++)
        g_ptr_array_add (child->maps, cs_mapping_ref (g_ptr_array_index (parent->maps, i)));
    }
  self->last_process = NULL;
  g_hash_table_replace (self->processes, GINT_TO_POINTER (pid), child);
}

void
cs_address_space_comm (CsAddressSpace *self,
                       gint32          pid,
                       gint32          tid,
                       const char     *comm,
                       gboolean        exec)
{
  CsProcess *p;

  g_return_if_fail (CS_IS_ADDRESS_SPACE (self));

  p = cs_address_space_ensure (self, pid);
  if (exec)
    {
      g_ptr_array_set_size (p->maps, 0);
      p->exited = FALSE;
    }
  /* A thread's COMM (prctl PR_SET_NAME) does not rename the process. */
  if (pid == tid || p->comm == NULL || exec)
    {
      g_free (p->comm);
      p->comm = g_strdup (comm);
    }
}

void
cs_address_space_exit (CsAddressSpace *self,
                       gint32          pid,
                       gint32          tid)
{
  CsProcess *p;

  g_return_if_fail (CS_IS_ADDRESS_SPACE (self));

  if (pid != tid)
    return;
  p = cs_address_space_find (self, pid);
  if (p != NULL)
    p->exited = TRUE;
}

const CsMapping *
cs_address_space_lookup_kernel (CsAddressSpace *self,
                                guint64         ip)
{
  CsProcess *k;

  g_return_val_if_fail (CS_IS_ADDRESS_SPACE (self), NULL);

  k = g_hash_table_lookup (self->processes, GINT_TO_POINTER (CS_KERNEL_PID));
  return k != NULL ? cs_process_lookup (k, ip) : NULL;
}

const CsMapping *
cs_address_space_lookup (CsAddressSpace *self,
                         gint32          pid,
                         guint64         ip)
{
  CsProcess *p;
  const CsMapping *m = NULL;

  g_return_val_if_fail (CS_IS_ADDRESS_SPACE (self), NULL);

  p = cs_address_space_find (self, pid);
  if (p != NULL)
    m = cs_process_lookup (p, ip);
  if (m == NULL && pid != CS_KERNEL_PID)
    m = cs_address_space_lookup_kernel (self, ip);
  return m;
}

gboolean
cs_address_space_has_process (CsAddressSpace *self,
                              gint32          pid)
{
  g_return_val_if_fail (CS_IS_ADDRESS_SPACE (self), FALSE);

  return cs_address_space_find (self, pid) != NULL;
}

gboolean
cs_address_space_has_exited (CsAddressSpace *self,
                             gint32          pid)
{
  CsProcess *p;

  g_return_val_if_fail (CS_IS_ADDRESS_SPACE (self), FALSE);

  p = cs_address_space_find (self, pid);
  return p != NULL && p->exited;
}

const char *
cs_address_space_get_comm (CsAddressSpace *self,
                           gint32          pid)
{
  CsProcess *p;

  g_return_val_if_fail (CS_IS_ADDRESS_SPACE (self), NULL);

  p = cs_address_space_find (self, pid);
  return p != NULL ? p->comm : NULL;
}

GPtrArray *
cs_address_space_dup_mappings (CsAddressSpace *self,
                               gint32          pid)
{
  GPtrArray *ret = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_mapping_unref);
  CsProcess *p;

  g_return_val_if_fail (CS_IS_ADDRESS_SPACE (self), ret);

  p = cs_address_space_find (self, pid);
  if (p != NULL)
    for (guint i = 0; i < p->maps->len; i++)
      g_ptr_array_add (ret, cs_mapping_ref (g_ptr_array_index (p->maps, i)));
  return ret;
}
