/* cs-kallsyms.c — kernel symbols from /proc/kallsyms */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-kallsyms.h"

struct _CsKallsyms
{
  char   *contents;   /* the file, names point into it */
  GArray *symbols;    /* CsKernelSymbol sorted by address */
  GHashTable *by_name; /* name -> index + 1, built on first find */
};

static int
compare_address (gconstpointer a,
                 gconstpointer b)
{
  const CsKernelSymbol *sa = a;
  const CsKernelSymbol *sb = b;

  if (sa->address != sb->address)
    return sa->address < sb->address ? -1 : 1;
  /* Kernel image first, then modules; else file order (names are in the
   * same buffer, in file order). */
  if ((sa->module == NULL) != (sb->module == NULL))
    return sa->module == NULL ? -1 : 1;
  return sa->name < sb->name ? -1 : sa->name > sb->name;
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

CsKallsyms *
cs_kallsyms_load (const char  *path,
                  GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  CsKallsyms *self;
  gboolean any_address = FALSE;
  gsize len = 0;
  char *line;
  char *next;

  if (path == NULL)
    path = "/proc/kallsyms";

  self = g_new0 (CsKallsyms, 1);
  self->symbols = g_array_sized_new (FALSE, FALSE, sizeof (CsKernelSymbol), 65536);

  if (!g_file_get_contents (path, &self->contents, &len, &local_error))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot read kernel symbols from “%s”: %s. Kernel samples show as "
                     "[kernel.kallsyms]+0x… addresses."),
                   path, local_error->message);
      cs_kallsyms_free (self);
      return NULL;
    }

  for (line = self->contents; line != NULL && *line != '\0'; line = next)
    {
      CsKernelSymbol sym = { 0 };
      char *end = NULL;
      char *name;
      char *tab;
      char type;

      next = strchr (line, '\n');
      if (next != NULL)
        *next++ = '\0';

      sym.address = g_ascii_strtoull (line, &end, 16);
      if (end == line || end[0] != ' ' || end[1] == '\0' || end[2] != ' ')
        continue;
      if (sym.address != 0)
        any_address = TRUE;
      type = end[1];
      if (!is_text_type (type) || sym.address == 0)
        continue;
      name = end + 3;
      tab = strchr (name, '\t');
      if (tab != NULL)
        {
          char *close;

          *tab = '\0';
          if (tab[1] == '[' && (close = strchr (tab + 2, ']')) != NULL)
            {
              *close = '\0';
              sym.module = tab + 2;
            }
        }
      sym.name = name;
      g_array_append_val (self->symbols, sym);
    }

  if (!any_address)
    {
      g_autofree char *restrict_value = read_kptr_restrict ();

      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                   _("“%s” hides kernel addresses (kernel.kptr_restrict is %s): kernel samples "
                     "show as [kernel.kallsyms]+0x… addresses. To see kernel symbols run "
                     "`sudo sysctl kernel.kptr_restrict=0` or open the recording as root."),
                   path, restrict_value);
      cs_kallsyms_free (self);
      return NULL;
    }

  g_array_sort (self->symbols, compare_address);

  for (guint i = 0; i < self->symbols->len; i++)
    {
      CsKernelSymbol *sym = &g_array_index (self->symbols, CsKernelSymbol, i);
      guint j = i + 1;

      while (j < self->symbols->len &&
             g_array_index (self->symbols, CsKernelSymbol, j).address == sym->address)
        j++;
      if (j == self->symbols->len)
        break;
      /* The next symbol of another module (or the gap between the kernel
       * image and the modules) does not bound this one: size unknown. */
      if (g_strcmp0 (g_array_index (self->symbols, CsKernelSymbol, j).module, sym->module) == 0)
        sym->size = g_array_index (self->symbols, CsKernelSymbol, j).address - sym->address;
    }

  return self;
}

void
cs_kallsyms_free (CsKallsyms *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->by_name, g_hash_table_unref);
  g_array_unref (self->symbols);
  g_free (self->contents);
  g_free (self);
}

const CsKernelSymbol *
cs_kallsyms_lookup (CsKallsyms *self,
                    guint64     address)
{
  guint lo = 0, hi;
  const CsKernelSymbol *sym;

  g_return_val_if_fail (self != NULL, NULL);

  /* Last symbol starting at or below @address. */
  hi = self->symbols->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (self->symbols, CsKernelSymbol, mid).address <= address)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return NULL;
  sym = &g_array_index (self->symbols, CsKernelSymbol, lo - 1);
  /* Aliases share an address: report the first of them. */
  while (lo > 1 && g_array_index (self->symbols, CsKernelSymbol, lo - 2).address == sym->address)
    sym = &g_array_index (self->symbols, CsKernelSymbol, --lo - 1);

  if (address == sym->address || address - sym->address < sym->size)
    return sym;
  return NULL;
}

const CsKernelSymbol *
cs_kallsyms_find (CsKallsyms *self,
                  const char *name)
{
  gpointer idx;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->by_name == NULL)
    {
      self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = self->symbols->len; i > 0; i--)
        g_hash_table_insert (self->by_name,
                             (gpointer) g_array_index (self->symbols, CsKernelSymbol, i - 1).name,
                             GUINT_TO_POINTER (i));
    }
  idx = g_hash_table_lookup (self->by_name, name);
  if (idx == NULL)
    return NULL;
  return &g_array_index (self->symbols, CsKernelSymbol, GPOINTER_TO_UINT (idx) - 1);
}

guint
cs_kallsyms_get_n_symbols (CsKallsyms *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->symbols->len;
}
