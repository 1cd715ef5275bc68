/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-kallsyms.c — kernel symbols from /proc/kallsyms
 *
 * The table is an array of fixed-size entries sorted by address plus one
 * string pool, so that it can be written to a cache file as it is and
 * mapped back (cs-kallsyms-cache.c): the kernel spends ~45 ms formatting
 * /proc/kallsyms for every read, a mapped cache costs a few page faults.
 * CsKernelSymbol structs are only made for the symbols asked for.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cs-error.h"
#include "cs-file.h"
#include "cs-kallsyms-private.h"
#include "cs-sorted.h"

#define READ_CHUNK (256 * 1024)

static int
compare_entries (const void *a,
                 const void *b,
                 void       *user_data)
{
  const CsKallsymsEntry *ea = a;
  const CsKallsymsEntry *eb = b;

  if (ea->address != eb->address)
    return ea->address < eb->address ? -1 : 1;
  /* Kernel image first, then modules; else file order (names are pooled
   * in file order). */
  if ((ea->module == CS_KALLSYMS_NO_MODULE) != (eb->module == CS_KALLSYMS_NO_MODULE))
    return ea->module == CS_KALLSYMS_NO_MODULE ? -1 : 1;
  return ea->name < eb->name ? -1 : ea->name > eb->name;
}

static gboolean
is_sorted (const CsKallsymsEntry *entries,
           guint                  n)
{
  for (guint i = 1; i < n; i++)
    if (compare_entries (&entries[i - 1], &entries[i], NULL) > 0)
      return FALSE;
  return TRUE;
}

/* perf's rule (kallsyms__is_function): T and W, either case. */
static gboolean
is_text_type (char type)
{
  return type == 't' || type == 'T' || type == 'w' || type == 'W';
}

static char *
read_kptr_restrict (void)
{
  char *contents = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/kptr_restrict", &contents, NULL, NULL))
    return g_strdup ("?");
  return g_strstrip (contents);
}

typedef struct
{
  GArray     *entries;       /* CsKallsymsEntry */
  GByteArray *pool;
  GHashTable *module_names;  /* owned name -> pool offset + 1 */
  gboolean    any_address;
} Parser;

static guint32
pool_add (GByteArray *pool,
          const char *s,
          gsize       len)
{
  guint32 at = pool->len;

  g_byte_array_append (pool, (const guint8 *) s, len);
  g_byte_array_append (pool, (const guint8 *) "", 1);
  return at;
}

/* Inline, not g_ascii_xdigit_value(): ~120 000 lines of 16 digits each
 * are a good part of a cold import. */
static inline int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* One line of /proc/kallsyms, without its newline:
 * "ffffffff81000000 T _text" or "ffffffffc0a1b000 t ext4_fill_super\t[ext4]" */
static void
parse_line (Parser     *p,
            const char *line,
            gsize       len)
{
  CsKallsymsEntry e = { 0, 0, 0, CS_KALLSYMS_NO_MODULE };
  const char *end = line + len;
  const char *q = line;
  const char *name;
  const char *tab;
  guint64 address = 0;
  int digits = 0;
  char type;

  for (; q < end; q++, digits++)
    {
      int v = hex_value (*q);

      if (v < 0)
        break;
      address = address << 4 | (guint64) v;
    }
  if (digits == 0 || end - q < 4 || q[0] != ' ' || q[2] != ' ')
    return;
  if (address != 0)
    p->any_address = TRUE;
  type = q[1];
  if (!is_text_type (type) || address == 0)
    return;
  name = q + 3;
  tab = memchr (name, '\t', end - name);
  e.address = address;
  e.name = pool_add (p->pool, name, (tab != NULL ? tab : end) - name);
  if (tab != NULL && tab + 1 < end && tab[1] == '[')
    {
      const char *open = tab + 2;
      const char *close = memchr (open, ']', end - open);

      if (close != NULL)
        {
          g_autofree char *module = g_strndup (open, close - open);
          gpointer at = g_hash_table_lookup (p->module_names, module);

          if (at == NULL)
            {
              at = GUINT_TO_POINTER (pool_add (p->pool, module, close - open) + 1);
              g_hash_table_insert (p->module_names, g_steal_pointer (&module), at);
            }
          e.module = GPOINTER_TO_UINT (at) - 1;
        }
    }
  g_array_append_val (p->entries, e);
}

/* Reads in large chunks and parses line by line, so that the ~5 MB of text
 * never sit in memory at once. */
static gboolean
parse_file (Parser      *p,
            const char  *path,
            GError     **error)
{
  g_autofree char *buf = g_malloc (READ_CHUNK);
  gsize have = 0;
  struct stat st;
  /* Without blocking, and a regular file only: a FIFO or /dev/zero would
   * hang or never end. /proc/kallsyms is a regular file. */
  int fd = cs_file_open_regular (path, &st, error);

  if (fd < 0)
    return FALSE;
  for (;;)
    {
      gssize n = read (fd, buf + have, READ_CHUNK - have);
      char *line = buf;
      char *nl;

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s", g_strerror (saved));
          close (fd);
          return FALSE;
        }
      have += n;
      while ((nl = memchr (line, '\n', buf + have - line)) != NULL)
        {
          parse_line (p, line, nl - line);
          line = nl + 1;
        }
      have -= line - buf;
      memmove (buf, line, have);
      if (n == 0 || have == READ_CHUNK)
        {
          /* the end, or a line longer than the buffer: take what is there */
          if (have > 0)
            parse_line (p, buf, have);
          have = 0;
          if (n == 0)
            break;
        }
    }
  close (fd);
  return TRUE;
}

/* Sizes: up to the next text symbol of the same module. */
static void
compute_sizes (CsKallsymsEntry *entries,
               guint            n)
{
  for (guint i = 0; i < n; i++)
    {
      CsKallsymsEntry *e = &entries[i];
      guint j = i + 1;

      while (j < n && entries[j].address == e->address)
        j++;
      if (j == n)
        break;
      /* The next symbol of another module (or the gap between the kernel
       * image and the modules) does not bound this one: size unknown. */
      if (entries[j].module == e->module)
        e->size = entries[j].address - e->address;
    }
}

CsKallsyms *
_cs_kallsyms_parse (const char  *path,
                   GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  Parser p;
  CsKallsyms *self;

  p.entries = g_array_sized_new (FALSE, FALSE, sizeof (CsKallsymsEntry), 65536);
  p.pool = g_byte_array_sized_new (1024 * 1024);
  p.module_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p.any_address = FALSE;

  if (!parse_file (&p, path, &local_error))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot read kernel symbols from “%s”: %s. Kernel samples show as "
                     "[kernel.kallsyms]+0x… addresses."),
                   path, local_error->message);
      goto fail;
    }
  if (!p.any_address)
    {
      g_autofree char *restrict_value = read_kptr_restrict ();

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("“%s” hides kernel addresses (kernel.kptr_restrict is %s): kernel samples "
                     "show as [kernel.kallsyms]+0x… addresses. To see kernel symbols run "
                     "`sudo sysctl kernel.kptr_restrict=0` or open the recording as root."),
                   path, restrict_value);
      goto fail;
    }
  /* An empty pool would make every offset invalid; keep one byte. */
  if (p.pool->len == 0)
    g_byte_array_append (p.pool, (const guint8 *) "", 1);

  /* The kernel lists its symbols in address order (modules after the
   * image): checking costs far less than sorting what is sorted. */
  if (!is_sorted ((const CsKallsymsEntry *) (gconstpointer) p.entries->data, p.entries->len))
    g_qsort_with_data (p.entries->data, p.entries->len, sizeof (CsKallsymsEntry), compare_entries, NULL);
  compute_sizes ((CsKallsymsEntry *) (gpointer) p.entries->data, p.entries->len);
  g_hash_table_unref (p.module_names);

  self = g_new0 (CsKallsyms, 1);
  self->n_entries = p.entries->len;
  self->pool_len = p.pool->len;
  self->owned_entries = (CsKallsymsEntry *) (gpointer) g_array_free (p.entries, FALSE);
  self->owned_pool = (char *) g_byte_array_free (p.pool, FALSE);
  self->entries = self->owned_entries;
  self->pool = self->owned_pool;
  return self;

fail:
  g_array_unref (p.entries);
  g_byte_array_unref (p.pool);
  g_hash_table_unref (p.module_names);
  return NULL;
}

CsKallsyms *
cs_kallsyms_load (const char  *path,
                  GError     **error)
{
  return _cs_kallsyms_parse (path != NULL ? path : "/proc/kallsyms", error);
}

void
cs_kallsyms_free (CsKallsyms *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->by_name, g_hash_table_unref);
  g_clear_pointer (&self->symbols, g_hash_table_unref);
  g_clear_pointer (&self->map, g_mapped_file_unref);
  g_free (self->owned_entries);
  g_free (self->owned_pool);
  g_free (self->owned_image);
  g_free (self);
}

/* The CsKernelSymbol of entry @i, made on first use and kept. */
static const CsKernelSymbol *
symbol_at (CsKallsyms *self,
           guint       i)
{
  const CsKallsymsEntry *e = &self->entries[i];
  CsKernelSymbol *sym;

  if (self->symbols == NULL)
    self->symbols = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  sym = g_hash_table_lookup (self->symbols, GUINT_TO_POINTER (i + 1));
  if (sym != NULL)
    return sym;
  /* A damaged cache must not send us outside the pool (it ends in a NUL). */
  if (e->name >= self->pool_len ||
      (e->module != CS_KALLSYMS_NO_MODULE && e->module >= self->pool_len))
    return NULL;
  sym = g_new0 (CsKernelSymbol, 1);
  sym->address = e->address;
  sym->size = e->size;
  sym->name = self->pool + e->name;
  sym->module = e->module != CS_KALLSYMS_NO_MODULE ? self->pool + e->module : NULL;
  g_hash_table_insert (self->symbols, GUINT_TO_POINTER (i + 1), sym);
  return sym;
}

const CsKernelSymbol *
cs_kallsyms_lookup (CsKallsyms *self,
                    guint64     address)
{
  const CsKallsymsEntry *entries;
  const CsKallsymsEntry *e;
  guint lo;

  g_return_val_if_fail (self != NULL, NULL);

  entries = self->entries;
  /* Last symbol starting at or below @address: lo - 1. */
  lo = cs_sorted_upper_bound (entries, self->n_entries, sizeof *entries,
                              G_STRUCT_OFFSET (CsKallsymsEntry, address), address);
  if (lo == 0)
    return NULL;
  /* Aliases share an address: lo - 1 is the last of them in the file's
   * order, the one perf names. perf sizes each kallsyms symbol up to the
   * next one, which leaves the earlier aliases empty, and its
   * choose_best_symbol() prefers a symbol with a size (__x64_sys_getppid
   * over __do_sys_getppid and __ia32_sys_getppid). */
  e = &entries[lo - 1];
  if (address == e->address || address - e->address < e->size)
    return symbol_at (self, lo - 1);
  return NULL;
}

const CsKernelSymbol *
cs_kallsyms_find (CsKallsyms *self,
                  const char *name)
{
  gpointer idx;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (self->by_name == NULL)
    {
      self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = self->n_entries; i > 0; i--)
        if (self->entries[i - 1].name < self->pool_len)
          g_hash_table_insert (self->by_name, (gpointer) (self->pool + self->entries[i - 1].name),
                               GUINT_TO_POINTER (i));
    }
  idx = g_hash_table_lookup (self->by_name, name);
  if (idx == NULL)
    return NULL;
  return symbol_at (self, GPOINTER_TO_UINT (idx) - 1);
}

guint
cs_kallsyms_get_n_symbols (CsKallsyms *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_entries;
}

gboolean
cs_kallsyms_find_address (CsKallsyms *self,
                          const char *name,
                          guint64    *address)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  /* A scan, not cs_kallsyms_find(): one name is asked for, and indexing
   * ~120 000 names for it would cost more than reading them once. The
   * kernel image sorts before the modules, so its symbol comes first. */
  for (guint i = 0; i < self->n_entries; i++)
    if (self->entries[i].name < self->pool_len &&
        strcmp (self->pool + self->entries[i].name, name) == 0)
      {
        if (address != NULL)
          *address = self->entries[i].address;
        return TRUE;
      }
  return FALSE;
}
