# latex.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '5638:6079424f'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'latex.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_display = l_0_definitions = l_0_table_begin = l_0_table_end = l_0_need = missing
    try:
        t_1 = environment.filters['format']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'format' found.")
    try:
        t_2 = environment.filters['int']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'int' found.")
    try:
        t_3 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_4 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_5 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_6 = environment.filters['reject']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'reject' found.")
    pass
    def macro(l_1_lines, l_1_label):
        t_7 = []
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        if l_1_label is missing:
            l_1_label = None
        pass
        t_7.extend((
            '\\symparambegin{',
            str((l_1_label or '')),
            '}\n',
        ))
        for l_2_line in l_1_lines:
            _loop_vars = {}
            pass
            t_7.extend((
                '\\symparamstep{',
                str(l_2_line),
                '}\n',
            ))
        l_2_line = missing
        t_7.append(
            '\\symparamend',
        )
        return concat(t_7)
    context.exported_vars.add('display')
    context.vars['display'] = l_0_display = Macro(environment, macro, 'display', ('lines', 'label'), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_8 = []
        pass
        t_8.append(
            '\n% symparam\'s chains: "label = step = step ...", one step a line, aligned on "="; a step too wide\n% for the line is set in text style and breaks after + and - (never inside a product, rather\n% outside brackets than inside), its continuation indented. No page break falls inside a chain.\n\\ifdefined\\symparamlabelwidth\\else\n\\newlength{\\symparamlabelwidth}\\newlength{\\symparamhang}\\newlength{\\symparamroom}\n\\newlength{\\symparamnaturala}\\newlength{\\symparamnaturalb}\\newsavebox{\\symparambox}\n\\newcount\\symparamdepth\n\\fi\n{\\catcode`\\+=\\active\\gdef\\symparamplus{\\def+{\\mathbin{\\mathchar"202B}%\n  \\penalty\\ifcase\\symparamdepth 0\\or 700\\else 3000\\fi\\relax}}}\n\\providecommand{\\symparambegin}[1]{\\par\\begingroup\n  \\setlength{\\parskip}{0pt}\\setlength{\\parindent}{0pt}\\setlength{\\leftskip}{1em}%\n  \\rightskip=0pt plus 1fil\\relax\\interlinepenalty=10000\\relax\n  \\def\\symparamlabel{#1}\\def\\symparamnext{0}%\n  \\settowidth{\\symparamlabelwidth}{$\\displaystyle#1{}={}$}%\n  \\setlength{\\symparamhang}{\\symparamlabelwidth}%\n  \\ifdim\\symparamhang>0.4\\linewidth\\setlength{\\symparamhang}{2em}\\fi\n  \\nobreak\\vspace{0.3\\baselineskip}\\nobreak}\n\\providecommand{\\symparamstep}[1]{%\n  \\ifnum\\symparamnext=0\n    \\noindent\\hangindent=\\dimexpr\\symparamhang+1.5em\\relax\\hangafter=1\n    \\ifx\\symparamlabel\\empty\\hspace*{\\symparamlabelwidth}\\else$\\displaystyle\\symparamlabel{}={}$\\fi\n    \\setlength{\\symparamroom}{\\dimexpr\\linewidth-\\leftskip-\\symparamlabelwidth\\relax}%\n  \\else\n    \\par\\nobreak\\noindent\\hangindent=\\dimexpr\\symparamhang+1.5em\\relax\\hangafter=1\n    \\makebox[\\symparamhang][r]{$\\displaystyle{}={}$}%\n    \\setlength{\\symparamroom}{\\dimexpr\\linewidth-\\leftskip-\\symparamhang\\relax}%\n  \\fi\n  \\def\\symparamnext{1}\\symparamrhs{#1}}\n\\providecommand{\\symparamrhs}[1]{%\n  \\sbox{\\symparambox}{$\\displaystyle#1$}%\n  \\ifdim\\wd\\symparambox>\\symparamroom\n    \\begingroup\n    \\sbox{\\symparambox}{$#1$}%\n    \\edef\\symparamstrut{\\vrule height\\the\\ht\\symparambox\\space depth\\the\\dp\\symparambox\\space\n      width0pt\\relax}%\n    \\let\\symparamleft\\left\\let\\symparamright\\right\\symparamdepth=0\n    \\def\\left##1{\\mathopen{\\symparamleft##1\\symparamstrut\\symparamright.}%\n      \\advance\\symparamdepth 1\\relax}%\n    \\def\\right##1{\\advance\\symparamdepth -1\\relax\n      \\mathclose{\\symparamleft.\\symparamstrut\\symparamright##1}}%\n    \\medmuskip=4mu plus 2mu\\relax\\thickmuskip=5mu plus 5mu\\relax\\nulldelimiterspace=0pt\\relax\n    \\let\\symparamcdot\\cdot\\def\\cdot{\\symparamcdot\\nobreak}%\n    \\let\\symparamtimes\\times\\def\\times{\\symparamtimes\\nobreak}%\n    \\mathcode`\\+="8000\\relax\\symparamplus\n    $#1$%\n    \\endgroup\n  \\else\\usebox{\\symparambox}\\fi}\n\\providecommand{\\symparamend}{\\par\\endgroup\\vspace{0.3\\baselineskip}}\n% a page break here when less than #1 is left on the page (a heading stays with its table)\n\\providecommand{\\symparamneed}[1]{\\par\\begingroup\\dimen0=\\pagegoal\\advance\\dimen0-\\pagetotal\n  \\ifdim\\dimen0<#1\\relax\\ifdim\\dimen0>0pt\\vfil\\penalty-10000\\fi\\fi\\endgroup}\n',
        )
        return concat(t_8)
    context.exported_vars.add('definitions')
    context.vars['definitions'] = l_0_definitions = Macro(environment, macro, 'definitions', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_columns, l_1_natural, l_1_caller):
        t_9 = []
        l_1_namespace = resolve('namespace')
        l_1_fragment = resolve('fragment')
        l_1_flexible = l_1_ns = missing
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_natural is missing:
            l_1_natural = ()
        pass
        l_1_flexible = t_5(context.eval_ctx, t_6(context, l_1_columns, 'in', '<>'))
        l_1_ns = context.call((undefined(name='namespace') if l_1_namespace is missing else l_1_namespace), fixed='', index=0)
        if (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment):
            pass
            t_9.append(
                '\\par\\smallskip\\begingroup\\small\\setlength{\\tabcolsep}{4pt}\\noindent\n\\begin{tabularx}{\\linewidth}{@{}',
            )
            for l_2_c in l_1_columns:
                l_2_kind = resolve('kind')
                l_2_weight = resolve('weight')
                _loop_vars = {}
                pass
                if (l_2_c == '<'):
                    pass
                    t_9.append(
                        'l',
                    )
                elif (l_2_c == '>'):
                    pass
                    t_9.append(
                        'r',
                    )
                else:
                    pass
                    (l_2_kind, l_2_weight) = context.call(environment.getattr(l_2_c, 'split'), ':', _loop_vars=_loop_vars)
                    _loop_vars.update({'kind': l_2_kind, 'weight': l_2_weight})
                    t_9.extend((
                        '>{',
                        str(('\\raggedright' if ((undefined(name='kind') if l_2_kind is missing else l_2_kind) == 'l') else '\\raggedleft')),
                        '\\arraybackslash\\hsize=',
                        str(t_1('%.3f', ((t_4((undefined(name='flexible') if l_1_flexible is missing else l_1_flexible)) * t_2((undefined(name='weight') if l_2_weight is missing else l_2_weight))) / 100))),
                        '\\hsize}X',
                    ))
            l_2_c = l_2_kind = l_2_weight = missing
            t_9.append(
                '@{}}\n',
            )
        else:
            pass
            l_2_loop = missing
            for l_2_cells, l_2_loop in LoopContext(l_1_natural, undefined):
                _loop_vars = {}
                pass
                t_9.extend((
                    '\\settowidth{\\symparamnatural',
                    str(environment.getitem('ab', environment.getattr(l_2_loop, 'index0'))),
                    '}{\\begin{tabular}{@{}l@{}}',
                    str(t_3(context.eval_ctx, l_2_cells, ' \\\\ ')),
                    '\\end{tabular}}\n',
                ))
                if not isinstance(l_1_ns, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_1_ns['fixed'] = str_join((environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'fixed'), '-\\symparamnatural', environment.getitem('ab', environment.getattr(l_2_loop, 'index0')), ))
            l_2_loop = l_2_cells = missing
            t_9.append(
                '\\begin{longtable}{@{}',
            )
            for l_2_c in l_1_columns:
                l_2_kind = resolve('kind')
                l_2_weight = resolve('weight')
                _loop_vars = {}
                pass
                if (l_2_c in '<>'):
                    pass
                    t_9.extend((
                        '>{',
                        str(('\\raggedright' if (l_2_c == '<') else '\\raggedleft')),
                        '\\arraybackslash}p{\\symparamnatural',
                        str(environment.getitem('ab', environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'index'))),
                        '}',
                    ))
                    if not isinstance(l_1_ns, Namespace):
                        raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                    l_1_ns['index'] = (environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'index') + 1)
                else:
                    pass
                    (l_2_kind, l_2_weight) = context.call(environment.getattr(l_2_c, 'split'), ':', _loop_vars=_loop_vars)
                    _loop_vars.update({'kind': l_2_kind, 'weight': l_2_weight})
                    t_9.extend((
                        '>{',
                        str(('\\raggedright' if ((undefined(name='kind') if l_2_kind is missing else l_2_kind) == 'l') else '\\raggedleft')),
                        '\\arraybackslash}p{\\dimexpr(\\linewidth',
                        str(environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'fixed')),
                        '-',
                        str((2 * (t_4(l_1_columns) - 1))),
                        '\\tabcolsep)*',
                        str((undefined(name='weight') if l_2_weight is missing else l_2_weight)),
                        '/100\\relax}',
                    ))
            l_2_c = l_2_kind = l_2_weight = missing
            t_9.append(
                '@{}}\n',
            )
        t_9.extend((
            '\\toprule\n',
            str(context.call(l_1_caller)),
            ' \\\\\n\\midrule\n',
        ))
        if (not (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment)):
            pass
            t_9.append(
                '\\endhead\n',
            )
        return concat(t_9)
    context.exported_vars.add('table_begin')
    context.vars['table_begin'] = l_0_table_begin = Macro(environment, macro, 'table_begin', ('columns', 'natural'), False, False, True, context.eval_ctx.autoescape)
    def macro():
        t_10 = []
        l_1_fragment = resolve('fragment')
        pass
        t_10.append(
            '\\bottomrule\n',
        )
        if (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment):
            pass
            t_10.append(
                '\\end{tabularx}\n\\par\\endgroup\\smallskip\n',
            )
        else:
            pass
            t_10.append(
                '\\end{longtable}\n',
            )
        return concat(t_10)
    context.exported_vars.add('table_end')
    context.vars['table_end'] = l_0_table_end = Macro(environment, macro, 'table_end', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_lines):
        t_11 = []
        l_1_fragment = resolve('fragment')
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        pass
        if (not (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment)):
            pass
            t_11.extend((
                '\\symparamneed{',
                str(l_1_lines),
                '\\baselineskip}\n',
            ))
        return concat(t_11)
    context.exported_vars.add('need')
    context.vars['need'] = l_0_need = Macro(environment, macro, 'need', ('lines',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '4=48&5=57&6=60&7=65&11=75&71=84&72=94&73=95&74=96&77=101&78=106&81=134&82=139&83=146&86=151&87=156&91=189&93=192&97=200&99=207&108=220'
