/* Device RTL: control-flow analyses.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Edges are derived from the terminators (dir_fill_cfg).  Dominators and
   post-dominators use the iterative algorithm of Cooper, Harvey and
   Kennedy, "A Simple, Fast Dominance Algorithm" (2001).  Post-dominators
   are computed on the reverse graph with a virtual exit that every block
   without successors (RET, TRAP) reaches; blocks that cannot reach an exit
   (infinite loops) get no immediate post-dominator.  */

#include "ir.h"

#include <algorithm>

/* Recompute the predecessor and successor lists of FN's blocks from their
   terminators, and the reverse post-order numbers.  */

void
dir_fill_cfg (dir_func *fn)
{
  dir_renumber_blocks (fn);
  for (dir_block *b : fn->blocks)
    {
      b->preds.clear ();
      b->succs.clear ();
    }
  for (dir_block *b : fn->blocks)
    if (dir_insn *t = b->terminator ())
      for (dir_block *s : t->targets)
	if (std::find (b->succs.begin (), b->succs.end (), s) == b->succs.end ())
	  {
	    b->succs.push_back (s);
	    s->preds.push_back (b);
	  }

  std::vector<dir_block *> order = dir_rpo (fn);
  for (dir_block *b : fn->blocks)
    b->rpo = ~0u;
  for (size_t i = 0; i < order.size (); i++)
    order[i]->rpo = i;
  fn->valid = (fn->valid & ~(DIR_VALID_DOM | DIR_VALID_PDOM)) | DIR_VALID_CFG;
}

/* Return the blocks of FN reachable from the entry, in reverse post-order.
   Reads the edges from the terminators, so it is valid at any time.  */

std::vector<dir_block *>
dir_rpo (const dir_func *fn)
{
  std::vector<dir_block *> post;
  if (fn->blocks.empty ())
    return post;
  std::vector<char> seen (fn->blocks.size (), 0);
  /* Iterative DFS: a stack of (block, next successor index).  */
  std::vector<std::pair<dir_block *, size_t>> stack;
  stack.push_back ({ fn->blocks[0], 0 });
  seen[fn->blocks[0]->index] = 1;
  while (!stack.empty ())
    {
      auto &top = stack.back ();
      dir_insn *t = top.first->terminator ();
      if (t && top.second < t->targets.size ())
	{
	  dir_block *s = t->targets[top.second++];
	  if (!seen[s->index])
	    {
	      seen[s->index] = 1;
	      stack.push_back ({ s, 0 });
	    }
	}
      else
	{
	  post.push_back (top.first);
	  stack.pop_back ();
	}
    }
  std::reverse (post.begin (), post.end ());
  return post;
}

/* Return the common dominator of A and B given the immediate dominators
   IDOM indexed by order number ORD (smaller is closer to the root).  */

static int
intersect (const std::vector<int> &idom, int a, int b)
{
  while (a != b)
    {
      while (a > b)
	a = idom[a];
      while (b > a)
	b = idom[b];
    }
  return a;
}

/* Compute immediate dominators over nodes 0..N-1 numbered in reverse
   post-order of the graph PREDS describes, with node 0 the root.  */

static std::vector<int>
compute_idoms (const std::vector<std::vector<int>> &preds)
{
  size_t n = preds.size ();
  std::vector<int> idom (n, -1);
  if (n == 0)
    return idom;
  idom[0] = 0;
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (size_t i = 1; i < n; i++)
	{
	  int new_idom = -1;
	  for (int p : preds[i])
	    if (idom[p] != -1)
	      new_idom = new_idom == -1 ? p : intersect (idom, p, new_idom);
	  if (new_idom != -1 && idom[i] != new_idom)
	    {
	      idom[i] = new_idom;
	      changed = true;
	    }
	}
    }
  return idom;
}

/* Compute the immediate dominator of every block of FN reachable from the
   entry.  The entry and unreachable blocks get none.  */

void
dir_compute_dominators (dir_func *fn)
{
  if (!(fn->valid & DIR_VALID_CFG))
    dir_fill_cfg (fn);
  std::vector<dir_block *> order = dir_rpo (fn);
  std::vector<std::vector<int>> preds (order.size ());
  for (size_t i = 0; i < order.size (); i++)
    for (dir_block *p : order[i]->preds)
      if (p->rpo != ~0u)
	preds[i].push_back (p->rpo);
  std::vector<int> idom = compute_idoms (preds);
  for (dir_block *b : fn->blocks)
    b->idom = nullptr;
  for (size_t i = 1; i < order.size (); i++)
    order[i]->idom = idom[i] >= 0 ? order[idom[i]] : nullptr;
  fn->valid |= DIR_VALID_DOM;
}

/* Compute the immediate post-dominator of every block of FN.  Blocks whose
   immediate post-dominator is the virtual exit, and blocks that reach no
   exit, get none.  */

void
dir_compute_postdominators (dir_func *fn)
{
  if (!(fn->valid & DIR_VALID_CFG))
    dir_fill_cfg (fn);
  size_t nb = fn->blocks.size ();

  /* Number the reverse graph in reverse post-order from the virtual exit
     (node 0); block B is node ORD[B->index].  */
  std::vector<int> ord (nb, -1);
  std::vector<dir_block *> order;
  std::vector<char> seen (nb, 0);
  std::vector<dir_block *> post;
  std::vector<std::pair<dir_block *, size_t>> stack;
  for (dir_block *b : fn->blocks)
    if (b->succs.empty () && !seen[b->index])
      {
	seen[b->index] = 1;
	stack.push_back ({ b, 0 });
	while (!stack.empty ())
	  {
	    auto &top = stack.back ();
	    if (top.second < top.first->preds.size ())
	      {
		dir_block *p = top.first->preds[top.second++];
		if (!seen[p->index])
		  {
		    seen[p->index] = 1;
		    stack.push_back ({ p, 0 });
		  }
	      }
	    else
	      {
		post.push_back (top.first);
		stack.pop_back ();
	      }
	  }
      }
  std::reverse (post.begin (), post.end ());
  for (size_t i = 0; i < post.size (); i++)
    ord[post[i]->index] = i + 1;

  std::vector<std::vector<int>> preds (post.size () + 1);
  for (size_t i = 0; i < post.size (); i++)
    {
      dir_block *b = post[i];
      if (b->succs.empty ())
	preds[i + 1].push_back (0);
      for (dir_block *s : b->succs)
	if (ord[s->index] > 0)
	  preds[i + 1].push_back (ord[s->index]);
    }
  std::vector<int> idom = compute_idoms (preds);
  for (dir_block *b : fn->blocks)
    {
      b->ipdom = nullptr;
      int o = ord[b->index];
      if (o > 0 && idom[o] > 0)
	b->ipdom = post[idom[o] - 1];
    }
  fn->valid |= DIR_VALID_PDOM;
}

/* Return true if A dominates B in FN (every block dominates itself).  */

bool
dir_dominates (const dir_func *fn, const dir_block *a, const dir_block *b)
{
  dir_assert (fn->valid & DIR_VALID_DOM);
  for (; b; b = b->idom)
    if (a == b)
      return true;
  return false;
}

/* Return the registers live on entry to each block of FN (indexed by
   block index, then register).  A phi's operand is live at the end of its
   incoming block, not at the phi's block; the phi's result is not live
   into its block.  */

std::vector<std::vector<bool>>
dir_compute_liveness (const dir_func *fn)
{
  dir_assert (fn->valid & DIR_VALID_CFG);
  size_t nb = fn->blocks.size (), nr = fn->regs.size ();
  std::vector<std::vector<bool>> live_in (nb, std::vector<bool> (nr, false));
  std::vector<dir_block *> order = dir_rpo (fn);
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (auto it = order.rbegin (); it != order.rend (); ++it)
	{
	  dir_block *b = *it;
	  std::vector<bool> live (nr, false);
	  for (dir_block *s : b->succs)
	    {
	      for (size_t r = 0; r < nr; r++)
		if (live_in[s->index][r])
		  live[r] = true;
	      for (dir_insn *phi : s->phis)
		for (size_t k = 0; k < phi->ops.size (); k++)
		  if (phi->targets[k] == b && phi->ops[k].reg_p ())
		    live[phi->ops[k].reg] = true;
	    }
	  for (auto ii = b->insns.rbegin (); ii != b->insns.rend (); ++ii)
	    {
	      dir_insn *i = *ii;
	      if (i->dest != DIR_NOREG)
		live[i->dest] = false;
	      for (dir_value &v : i->ops)
		if (v.reg_p ())
		  live[v.reg] = true;
	    }
	  for (dir_insn *phi : b->phis)
	    live[phi->dest] = false;
	  if (live != live_in[b->index])
	    {
	      live_in[b->index] = live;
	      changed = true;
	    }
	}
    }
  return live_in;
}

namespace {

/* The strongly connected components of the blocks IN of FN, ignoring
   edges into IGNORE (may be null), by Tarjan's algorithm without
   recursion.  Each component lists its blocks.  */

std::vector<std::vector<dir_block *>>
sccs (const dir_func *fn, const std::vector<bool> &in, const dir_block *ignore)
{
  size_t n = fn->blocks.size ();
  std::vector<int> index (n, -1), low (n, 0);
  std::vector<char> on_stack (n, 0);
  std::vector<dir_block *> stack;
  std::vector<std::vector<dir_block *>> out;
  int counter = 0;
  struct frame { dir_block *b; size_t next; };
  for (dir_block *root : fn->blocks)
    {
      if (!in[root->index] || index[root->index] >= 0)
	continue;
      std::vector<frame> dfs { { root, 0 } };
      index[root->index] = low[root->index] = counter++;
      stack.push_back (root);
      on_stack[root->index] = 1;
      while (!dfs.empty ())
	{
	  frame &f = dfs.back ();
	  int v = f.b->index;
	  if (f.next < f.b->succs.size ())
	    {
	      dir_block *s = f.b->succs[f.next++];
	      if (!in[s->index] || s == ignore)
		continue;
	      if (index[s->index] < 0)
		{
		  index[s->index] = low[s->index] = counter++;
		  stack.push_back (s);
		  on_stack[s->index] = 1;
		  dfs.push_back ({ s, 0 });
		}
	      else if (on_stack[s->index])
		low[v] = std::min (low[v], index[s->index]);
	      continue;
	    }
	  dfs.pop_back ();
	  if (!dfs.empty ())
	    {
	      int u = dfs.back ().b->index;
	      low[u] = std::min (low[u], low[v]);
	    }
	  if (low[v] == index[v])
	    {
	      std::vector<dir_block *> comp;
	      dir_block *w;
	      do
		{
		  w = stack.back ();
		  stack.pop_back ();
		  on_stack[w->index] = 0;
		  comp.push_back (w);
		}
	      while (w->index != (uint32_t) v);
	      out.push_back (comp);
	    }
	}
    }
  return out;
}

/* Find the loops among the blocks IN of FN, inside loop PARENT, and add
   them to LOOPS (Bourdoncle's recursive decomposition: each cyclic
   strongly connected component is a loop; its header's incoming edges are
   removed to find the loops nested in it).  */

void
find_loops (const dir_func *fn, const std::vector<bool> &in,
	    const dir_block *ignore, int parent, std::vector<dir_loop> *loops)
{
  for (std::vector<dir_block *> &comp : sccs (fn, in, ignore))
    {
      std::vector<bool> mine (fn->blocks.size (), false);
      for (dir_block *b : comp)
	mine[b->index] = true;
      bool cyclic = comp.size () > 1;
      for (dir_block *s : comp[0]->succs)
	if (s == comp[0] && s != ignore)
	  cyclic = true;
      if (!cyclic)
	continue;
      /* The header: a block entered from outside the component, the first
	 in reverse post-order if several are (irreducible loops).  */
      dir_block *header = nullptr;
      for (dir_block *b : comp)
	for (dir_block *p : b->preds)
	  if (!mine[p->index]
	      && (!header || b->rpo < header->rpo))
	    header = b;
      if (!header)
	for (dir_block *b : comp)
	  if (!header || b->rpo < header->rpo)
	    header = b;
      loops->push_back ({ header, parent, comp });
      int self = loops->size () - 1;
      find_loops (fn, mine, header, self, loops);
    }
}

} // anon namespace

/* Return the loop nesting forest of the blocks IN (by block index) of FN,
   outer loops before the loops they contain, and set (*INNERMOST)[B] to
   the index of the innermost loop containing block B, or -1.  */

std::vector<dir_loop>
dir_find_loops (const dir_func *fn, const std::vector<bool> &in,
		std::vector<int> *innermost)
{
  dir_assert (fn->valid & DIR_VALID_CFG);
  std::vector<dir_loop> loops;
  find_loops (fn, in, nullptr, -1, &loops);
  innermost->assign (fn->blocks.size (), -1);
  /* Outer loops come first: the last loop seen containing a block is its
     innermost.  */
  for (size_t l = 0; l < loops.size (); l++)
    for (dir_block *b : loops[l].blocks)
      (*innermost)[b->index] = l;
  return loops;
}
