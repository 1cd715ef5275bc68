/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-dwarf-names.c — qualified names of lambdas DWARF gives no linkage name
 *
 * Names are spelt as libstdc++'s demangler spells the same entity, so that
 * an inline frame and the lambda's own symbol read alike: base types as the
 * demangler prints them ("unsigned long", not DWARF's "long unsigned int"),
 * typedefs resolved (the ABI mangles the type they name), qualifiers after
 * the type ("char const*"). A parameter type this cannot spell (a function
 * pointer, an array) leaves the frame with its plain DWARF name.
 */
#include "config.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "cs-demangle.h"
#include "cs-dwarf-names.h"

struct _CsDwarfNames
{
  GHashTable *names;   /* DIE offset of the declaration -> char*, "" for none */
};

CsDwarfNames *
cs_dwarf_names_new (void)
{
  CsDwarfNames *self = g_new0 (CsDwarfNames, 1);

  self->names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  return self;
}

void
cs_dwarf_names_free (CsDwarfNames *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->names);
  g_free (self);
}

/* The DIE that declares @die: its abstract origin's specification. */
static void
declaration (Dwarf_Die *die,
             Dwarf_Die *decl)
{
  *decl = *die;
  for (guint i = 0; i < 8; i++)
    {
      Dwarf_Attribute attr;
      Dwarf_Die next;

      if ((dwarf_attr (decl, DW_AT_abstract_origin, &attr) == NULL &&
           dwarf_attr (decl, DW_AT_specification, &attr) == NULL) ||
          dwarf_formref_die (&attr, &next) == NULL)
        return;
      *decl = next;
    }
}

static const struct
{
  const char *dwarf;
  const char *abi;
} base_types[] = {
  { "long int", "long" },
  { "long unsigned int", "unsigned long" },
  { "short int", "short" },
  { "short unsigned int", "unsigned short" },
  { "long long int", "long long" },
  { "long long unsigned int", "unsigned long long" },
  { "__int128 unsigned", "unsigned __int128" },
  { "_Bool", "bool" },
};

static gboolean append_type (Dwarf_Die *type,
                             GString   *out);

/* Namespaces and classes around @die, outermost first, each with "::";
 * FALSE for a scope that cannot be spelt (an anonymous class). */
static gboolean
append_scopes (Dwarf_Die *die,
               GString   *out)
{
  Dwarf_Die *scopes = NULL;
  int n = dwarf_getscopes_die (die, &scopes);
  gboolean ok = n > 0;

  for (int i = n - 1; ok && i >= 1; i--)
    {
      const char *name = dwarf_diename (&scopes[i]);

      switch (dwarf_tag (&scopes[i]))
        {
        case DW_TAG_namespace:
          g_string_append_printf (out, "%s::", name != NULL ? name : "(anonymous namespace)");
          break;
        case DW_TAG_class_type:
        case DW_TAG_structure_type:
        case DW_TAG_union_type:
          if (name == NULL)
            ok = FALSE;
          else
            g_string_append_printf (out, "%s::", name);
          break;
        default:
          break;
        }
    }
  free (scopes);
  return ok;
}

static gboolean
append_type (Dwarf_Die *type,
             GString   *out)
{
  Dwarf_Attribute attr;
  Dwarf_Die inner;
  Dwarf_Die *next = NULL;
  const char *name;

  if (type == NULL)
    {
      g_string_append (out, "void");
      return TRUE;
    }
  if (dwarf_attr (type, DW_AT_type, &attr) != NULL && dwarf_formref_die (&attr, &inner) != NULL)
    next = &inner;
  name = dwarf_diename (type);
  switch (dwarf_tag (type))
    {
    case DW_TAG_base_type:
      for (guint i = 0; name != NULL && i < G_N_ELEMENTS (base_types); i++)
        if (strcmp (name, base_types[i].dwarf) == 0)
          name = base_types[i].abi;
      if (name == NULL)
        return FALSE;
      g_string_append (out, name);
      return TRUE;
    case DW_TAG_typedef:
      return next != NULL && append_type (next, out);
    case DW_TAG_const_type:
      return append_type (next, out) && (g_string_append (out, " const"), TRUE);
    case DW_TAG_volatile_type:
      return append_type (next, out) && (g_string_append (out, " volatile"), TRUE);
    case DW_TAG_pointer_type:
      if (next != NULL && dwarf_tag (next) == DW_TAG_subroutine_type)
        return FALSE;
      return append_type (next, out) && (g_string_append (out, "*"), TRUE);
    case DW_TAG_reference_type:
      return next != NULL && append_type (next, out) && (g_string_append (out, "&"), TRUE);
    case DW_TAG_rvalue_reference_type:
      return next != NULL && append_type (next, out) && (g_string_append (out, "&&"), TRUE);
    case DW_TAG_class_type:
    case DW_TAG_structure_type:
    case DW_TAG_union_type:
    case DW_TAG_enumeration_type:
      if (name == NULL || !append_scopes (type, out))
        return FALSE;
      g_string_append (out, name);
      return TRUE;
    default:
      return FALSE;
    }
}

/* "int, int": the types of @function's parameters but the artificial
 * (this, __closure); NULL when one cannot be spelt or it is a template
 * (a generic lambda). */
static char *
parameter_types (Dwarf_Die *function)
{
  g_autoptr(GString) out = g_string_new (NULL);
  Dwarf_Die child;
  gboolean first = TRUE;

  if (dwarf_child (function, &child) != 0)
    return g_strdup ("");
  do
    {
      Dwarf_Attribute attr;
      Dwarf_Die type;
      bool artificial = false;

      if (dwarf_tag (&child) == DW_TAG_template_type_parameter)
        return NULL;
      if (dwarf_tag (&child) != DW_TAG_formal_parameter)
        continue;
      if (dwarf_attr (&child, DW_AT_artificial, &attr) != NULL && dwarf_formflag (&attr, &artificial) == 0 &&
          artificial)
        continue;
      if (!first)
        g_string_append (out, ", ");
      first = FALSE;
      if (!append_type (dwarf_attr (&child, DW_AT_type, &attr) != NULL &&
                        dwarf_formref_die (&attr, &type) != NULL ? &type : NULL, out))
        return NULL;
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The operator() of @closure when it is a lambda's closure type (GCC names
 * its object parameter "__closure"). */
static gboolean
lambda_call_operator (Dwarf_Die *closure,
                      Dwarf_Die *op)
{
  Dwarf_Die child;

  if ((dwarf_tag (closure) != DW_TAG_structure_type && dwarf_tag (closure) != DW_TAG_class_type) ||
      dwarf_diename (closure) != NULL || dwarf_child (closure, &child) != 0)
    return FALSE;
  do
    {
      Dwarf_Die param;

      if (dwarf_tag (&child) != DW_TAG_subprogram || g_strcmp0 (dwarf_diename (&child), "operator()") != 0 ||
          dwarf_child (&child, &param) != 0)
        continue;
      do
        if (dwarf_tag (&param) == DW_TAG_formal_parameter &&
            g_strcmp0 (dwarf_diename (&param), "__closure") == 0)
          {
            *op = child;
            return TRUE;
          }
      while (dwarf_siblingof (&param, &param) == 0);
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return FALSE;
}

/* Lambdas of @scope (a function and its blocks, not nested functions or
 * classes) before @closure with the parameter types @types: the ABI numbers
 * closure types per function and signature in the order they appear. */
static guint
count_earlier_lambdas (Dwarf_Die  *scope,
                       Dwarf_Off   closure,
                       const char *types,
                       gboolean   *found)
{
  Dwarf_Die child;
  guint n = 0;

  if (dwarf_child (scope, &child) != 0)
    return 0;
  do
    {
      Dwarf_Die op;

      if (*found)
        return n;
      if (dwarf_dieoffset (&child) == closure)
        {
          *found = TRUE;
          return n;
        }
      if (dwarf_tag (&child) == DW_TAG_lexical_block)
        n += count_earlier_lambdas (&child, closure, types, found);
      else if (lambda_call_operator (&child, &op))
        {
          g_autofree char *other = parameter_types (&op);

          n += g_strcmp0 (other, types) == 0;
        }
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return n;
}

static char *qualify (CsDwarfNames *self, Dwarf_Die *decl);

/* How the demangler prints the function a lambda is local to. */
static char *
enclosing_function (CsDwarfNames *self,
                    Dwarf_Die    *function)
{
  Dwarf_Attribute attr;
  Dwarf_Die decl;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *types = NULL;
  const char *linkage;
  const char *name;

  linkage = dwarf_formstring (dwarf_attr_integrate (function, DW_AT_linkage_name, &attr));
  if (linkage != NULL)
    return cs_demangle (linkage);
  declaration (function, &decl);
  if ((name = dwarf_diename (&decl)) == NULL)
    return NULL;
  /* main is not mangled, the ABI names it bare. */
  if (strcmp (name, "main") == 0)
    return g_strdup (name);
  if ((types = parameter_types (function)) == NULL)
    return NULL;
  if (strcmp (name, "operator()") == 0)
    {
      g_autofree char *lambda = qualify (self, &decl);

      return lambda != NULL ? g_strdup_printf ("%s(%s) const", lambda, types) : NULL;
    }
  if (!append_scopes (&decl, out))
    return NULL;
  g_string_append_printf (out, "%s(%s)", name, types);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* "main::{lambda(int, int)#1}::operator()" for the operator() @decl of a
 * lambda, else NULL. */
static char *
qualify (CsDwarfNames *self,
         Dwarf_Die    *decl)
{
  Dwarf_Die *scopes = NULL;
  int n = dwarf_getscopes_die (decl, &scopes);
  g_autofree char *types = NULL;
  g_autofree char *outer = NULL;
  Dwarf_Die op;
  char *ret = NULL;
  int f;

  /* scopes[0] is @decl, scopes[1] its closure type; the function holding
   * the closure is the next subprogram out. */
  if (n < 3 || !lambda_call_operator (&scopes[1], &op) || dwarf_dieoffset (&op) != dwarf_dieoffset (decl))
    goto out;
  for (f = 2; f < n && dwarf_tag (&scopes[f]) != DW_TAG_subprogram; f++)
    ;
  if (f == n || (types = parameter_types (decl)) == NULL ||
      (outer = enclosing_function (self, &scopes[f])) == NULL)
    goto out;
  {
    gboolean found = FALSE;
    guint earlier = count_earlier_lambdas (&scopes[f], dwarf_dieoffset (&scopes[1]), types, &found);

    if (found)
      ret = g_strdup_printf ("%s::{lambda(%s)#%u}::operator()", outer, types, earlier + 1);
  }
out:
  free (scopes);
  return ret;
}

const char *
cs_dwarf_names_qualified (CsDwarfNames *self,
                          Dwarf_Die    *function)
{
  Dwarf_Die decl;
  Dwarf_Off offset;
  char *name;

  declaration (function, &decl);
  if (g_strcmp0 (dwarf_diename (&decl), "operator()") != 0)
    return NULL;
  offset = dwarf_dieoffset (&decl);
  name = g_hash_table_lookup (self->names, &offset);
  if (name == NULL)
    {
      name = qualify (self, &decl);
      g_hash_table_insert (self->names, g_memdup2 (&offset, sizeof offset), name != NULL ? name : g_strdup (""));
    }
  return name != NULL && *name != '\0' ? name : NULL;
}
