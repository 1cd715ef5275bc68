/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-keys.c — which line an access belongs to
 *
 * A line is usually (process, address / 64): the same virtual address in two
 * processes is different memory. Memory two processes share is one line
 * under two addresses, though, and a cpu-clock sample carries no physical
 * address to tell. What tells is the mapping: a MAP_SHARED mapping of one
 * file — a file, /dev/shm or SysV shared memory, or the file the kernel
 * makes for MAP_SHARED | MAP_ANONYMOUS memory, which a fork shares — is
 * identified by the file's device and inode in its MMAP2 record, and the
 * same file offset is the same memory in every process that maps it. So a
 * line in such a mapping is (device, inode, file offset / 64).
 *
 * Each line's key keeps what names it later (cs-memory-region.c): its
 * mapping, the file mapping just below it, the process's executable, and
 * whose stack it is.
 */
#include "config.h"

#include <string.h>
#include <sys/mman.h>

#include "cs-memory-private.h"

typedef struct
{
  guint32 pid;
  guint64 line;
} AddressKey;

typedef struct
{
  CsMappingIdentity identity;
  guint64           line;       /* file offset of the line */
} IdentityKey;

static guint
address_hash (gconstpointer p)
{
  const AddressKey *k = p;

  return _cs_memory_hash2 (k->line / CS_MEMORY_LINE_SIZE, k->pid);
}

static gboolean
address_equal (gconstpointer a,
               gconstpointer b)
{
  const AddressKey *x = a, *y = b;

  return x->pid == y->pid && x->line == y->line;
}

static guint
identity_hash (gconstpointer p)
{
  const IdentityKey *k = p;

  return _cs_memory_hash2 (k->line / CS_MEMORY_LINE_SIZE + k->identity.ino * 31,
                           (guint64) k->identity.maj << 32 | k->identity.min);
}

static gboolean
identity_equal (gconstpointer a,
                gconstpointer b)
{
  const IdentityKey *x = a, *y = b;

  return x->line == y->line && memcmp (&x->identity, &y->identity, sizeof x->identity) == 0;
}

void
_cs_memory_key_free (CsMemoryKey *key)
{
  if (key == NULL)
    return;
  g_clear_pointer (&key->mapping, cs_mapping_unref);
  g_clear_pointer (&key->below, cs_mapping_unref);
  g_clear_pointer (&key->executable, cs_mapping_unref);
  g_free (key);
}

/* A file the mapping shows, as opposed to anonymous memory (which perf
 * names "//anon", "[heap]", "[stack]", or "/dev/zero (deleted)" when shared). */
gboolean
_cs_memory_mapping_is_file (const CsMapping *m)
{
  return m->filename[0] == '/' && !g_str_has_prefix (m->filename, "//anon") &&
         !g_str_has_prefix (m->filename, "/dev/zero");
}

/* The lowest file mapping of the process (its executable: the heap
 * follows it) and the highest one starting below @address. */
static void
find_neighbours (CsAddressSpace *space,
                 guint32         pid,
                 guint64         address,
                 CsMemoryKey    *key)
{
  g_autoptr(GPtrArray) maps = cs_address_space_dup_mappings (space, (gint32) pid);

  for (guint i = 0; i < maps->len; i++)
    {
      CsMapping *m = g_ptr_array_index (maps, i);

      if (!_cs_memory_mapping_is_file (m))
        continue;
      if (key->executable == NULL)
        key->executable = cs_mapping_ref (m);
      if (m->start <= address)
        {
          g_clear_pointer (&key->below, cs_mapping_unref);
          key->below = cs_mapping_ref (m);
        }
    }
}

static guint32
add_key (CsMemoryData   *data,
         CsAddressSpace *space,
         guint32         pid,
         guint32         tid,
         guint64         line,
         guint64         sp,
         const CsMapping *m)
{
  CsMemoryKey *key = g_new0 (CsMemoryKey, 1);

  key->pid = pid;
  key->address = line;
  if (m != NULL)
    {
      key->mapping = cs_mapping_ref ((CsMapping *) m);
      if (sp >= m->start && sp < m->end)
        key->stack_tid = tid;
    }
  /* Only memory outside files needs its neighbours to be named: a
   * module's .bss past its file, or the heap after the executable. */
  if (m == NULL || !_cs_memory_mapping_is_file (m))
    find_neighbours (space, pid, line, key);
  g_ptr_array_add (data->keys, key);
  return data->keys->len - 1;
}

guint32
_cs_memory_keys_intern (CsMemoryData   *data,
                        CsAddressSpace *space,
                        guint32         pid,
                        guint32         tid,
                        guint64         address,
                        guint64         sp)
{
  AddressKey probe = { pid, address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1) };
  const CsMapping *m;
  AddressKey *akey;
  gpointer value;
  guint32 id;

  if (g_hash_table_lookup_extended (data->by_address, &probe, NULL, &value))
    return GPOINTER_TO_UINT (value) - 1;

  m = cs_address_space_lookup (space, (gint32) pid, address);
  if (m != NULL && m->kernel)
    m = NULL;
  if (m != NULL && (m->flags & MAP_SHARED) && m->identity.ino != 0)
    {
      IdentityKey iprobe = { m->identity, m->pgoff + (probe.line - m->start) };

      if (g_hash_table_lookup_extended (data->by_identity, &iprobe, NULL, &value))
        id = GPOINTER_TO_UINT (value) - 1;
      else
        {
          CsMemoryKey *key;

          id = add_key (data, space, pid, tid, probe.line, sp, m);
          key = g_ptr_array_index (data->keys, id);
          key->shared = TRUE;
          key->identity = m->identity;
          key->file_offset = iprobe.line;
          g_hash_table_insert (data->by_identity, g_memdup2 (&iprobe, sizeof iprobe), GUINT_TO_POINTER (id + 1));
        }
    }
  else
    id = add_key (data, space, pid, tid, probe.line, sp, m);
  akey = g_memdup2 (&probe, sizeof probe);
  g_hash_table_insert (data->by_address, akey, GUINT_TO_POINTER (id + 1));
  return id;
}

gboolean
_cs_memory_keys_find (CsMemoryData *data,
                      guint32       pid,
                      guint64       address,
                      guint32      *id)
{
  AddressKey probe = { pid, address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1) };
  gpointer value;

  if (!g_hash_table_lookup_extended (data->by_address, &probe, NULL, &value))
    return FALSE;
  *id = GPOINTER_TO_UINT (value) - 1;
  return TRUE;
}

void
_cs_memory_keys_init (CsMemoryData *data)
{
  data->keys = g_ptr_array_new_with_free_func ((GDestroyNotify) _cs_memory_key_free);
  data->by_address = g_hash_table_new_full (address_hash, address_equal, g_free, NULL);
  data->by_identity = g_hash_table_new_full (identity_hash, identity_equal, g_free, NULL);
}
